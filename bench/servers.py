"""Start and stop real model and Chroma servers on 127.0.0.1, for tests and benchmarks."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

HOST = "127.0.0.1"
#: Seconds a server gets to load (the model server maps a 1.1 GB model).
READY_TIMEOUT_S = 120.0


@dataclass
class Server:
    """A running server process and the address it answers on."""

    process: subprocess.Popen[bytes]
    url: str
    log: Path

    def stop(self) -> None:
        """Terminate the process (and kill it if it lingers)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)

    def kill(self) -> None:
        """Kill the process at once, as a crash would."""
        self.process.kill()
        self.process.wait(timeout=10)


def free_port() -> int:
    """A TCP port nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def start(
    command: list[str], ready_url: str, url: str, log: Path, headers: dict[str, str]
) -> Server:
    """Run ``command`` and poll ``ready_url`` until it answers (bounded by READY_TIMEOUT_S)."""
    out = log.open("wb")
    env = dict(os.environ, ANONYMIZED_TELEMETRY="False")
    process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    server = Server(process, url, log)
    deadline = time.monotonic() + READY_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{command[0]} exited early; see {log}")
        try:
            request = urllib.request.Request(ready_url, headers=headers)
            with urllib.request.urlopen(request, timeout=2):
                return server
        except (urllib.error.URLError, OSError):
            time.sleep(0.5)
    server.stop()
    raise RuntimeError(f"{command[0]} not ready within {READY_TIMEOUT_S:.0f} s; see {log}")


def start_model_server(
    model: Path,
    folder: Path,
    *,
    api_key: str = "",
    context_size: int = 8192,
    threads: int = 0,
    logprobs: bool = True,
) -> Server:
    """llama-cpp-python's OpenAI-compatible server for ``model``; its url ends in ``/v1``.

    Threads (for generation and for prompt batches) and context size are the in-process
    adapter's, and both keep llama-cpp-python's default batch sizes, so both do the same work.
    ``logprobs`` needs llama-cpp-python's ``logits_all``, which keeps the logits of every prompt
    token; without it the server refuses logprob requests. No ``--cache``: the server already
    keeps the KV cache of the last prompt and evaluates only what a new prompt adds to it (the
    next section of a critique, the next claim under the same judge instruction), as the
    in-process adapter does; ``--cache`` would only add a copy of the whole state after every
    answer.
    """
    from core.llm.llama import physical_cores

    port = free_port()
    n = str(threads or physical_cores())
    command = [
        sys.executable, "-m", "llama_cpp.server", "--model", str(model),
        "--host", HOST, "--port", str(port), "--n_ctx", str(context_size),
        "--n_threads", n, "--n_threads_batch", n, "--logits_all", str(logprobs),
    ]  # fmt: skip
    command += ["--model_alias", model.stem]
    if api_key:
        command += ["--api_key", api_key]
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    base = f"http://{HOST}:{port}"
    return start(command, base + "/v1/models", base + "/v1", folder / "model-server.log", headers)


def start_chroma_server(folder: Path) -> Server:
    """``chroma run`` with its data in ``folder``."""
    port = free_port()
    chroma = Path(sys.executable).with_name("chroma")
    command = [str(chroma), "run", "--path", str(folder / "chroma-data"), "--host", HOST]
    command += ["--port", str(port)]
    base = f"http://{HOST}:{port}"
    return start(command, base + "/api/v2/heartbeat", base, folder / "chroma-server.log", {})
