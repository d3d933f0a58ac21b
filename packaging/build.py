"""Build ``dist/deepread/`` and its tarball ``dist/deepread-<version>-linux-<arch>.tar.gz``.

Run through ``python3 scripts/bootstrap.py package`` (which sets up ``.venv`` first), or directly
with the virtual environment's Python. The build time is written next to the tarball, in
``dist/build-info.json``, for the smoke test's report.
"""

from __future__ import annotations

import json
import platform
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "packaging"
DIST = ROOT / "dist"
APP = DIST / "deepread"
# Files placed beside the executable so the unpacked folder can add itself to a Linux menu.
EXTRAS = (
    (HERE / "deepread.desktop", "deepread.desktop"),
    (HERE / "install.sh", "install.sh"),
    (ROOT / "resources" / "deepread.svg", "deepread.svg"),
)


def version() -> str:
    """The project version from pyproject.toml."""
    with (ROOT / "pyproject.toml").open("rb") as fh:
        return str(tomllib.load(fh)["project"]["version"])


def tarball_path() -> Path:
    """Where the tarball of this version is written."""
    return DIST / f"deepread-{version()}-linux-{platform.machine()}.tar.gz"


def run_pyinstaller() -> None:
    """Freeze the app into ``dist/deepread/`` from a clean work folder."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            str(HERE / "deepread.spec"),
            "--noconfirm",
            "--clean",
            "--log-level=WARN",
            f"--distpath={DIST}",
            f"--workpath={ROOT / 'build' / 'pyinstaller'}",
        ],
        check=True,
        cwd=ROOT,
    )


def add_extras() -> None:
    """Copy the desktop entry, its installer and the icon into the app folder."""
    for source, name in EXTRAS:
        shutil.copy2(source, APP / name)


def make_tarball(target: Path) -> None:
    """Pack ``dist/deepread/`` as ``deepread/...`` into ``target`` (written, then renamed)."""
    partial = target.with_name(target.name + ".part")
    # NOTE: level 6, not tarfile's 9: the model parts barely compress and level 9 only adds time.
    with tarfile.open(partial, "w:gz", compresslevel=6) as tar:
        tar.add(APP, arcname=APP.name)
    partial.replace(target)


def main() -> int:
    """Build, add the desktop files, pack, and record the build time."""
    if not sys.platform.startswith("linux"):
        print("packaging/build.py builds the Linux app only.", file=sys.stderr)
        return 2
    started = time.monotonic()
    run_pyinstaller()
    add_extras()
    target = tarball_path()
    print(f"Packing {target.name} ...", flush=True)
    make_tarball(target)
    seconds = time.monotonic() - started
    info = {"version": version(), "tarball": target.name, "build_seconds": round(seconds, 1)}
    (DIST / "build-info.json").write_text(json.dumps(info, indent=2) + "\n")
    print(f"Built {APP} and {target} in {seconds / 60:.1f} min.", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
