"""Which system libraries Qt's xcb platform plugin (the X11 window) needs and this machine lacks.

Qt ships inside the PySide6 wheel, but its X11 plugin links against system libraries that a
minimal Debian or Ubuntu install leaves out; without them the app aborts at start with a
misleading message. ``missing_packages`` names the Debian packages to install.
"""

from __future__ import annotations

import ctypes
import subprocess
import sys
from pathlib import Path

#: Shared library -> Debian/Ubuntu package, for every library the xcb plugin may load.
PACKAGES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libOpenGL.so.0": "libopengl0",
    "libfontconfig.so.1": "libfontconfig1",
    "libdbus-1.so.3": "libdbus-1-3",
}
#: Loaded by Qt at run time (not a link dependency, so ldd cannot see it): Qt 6.5+ needs it.
DLOPENED = ("libxcb-cursor.so.0",)


def missing_libraries(python: Path) -> list[str]:
    """The shared libraries the xcb plugin of ``python``'s PySide6 cannot find."""
    if not sys.platform.startswith("linux"):
        return []
    found = subprocess.run(
        [str(python), "-c", "import PySide6, os; print(os.path.dirname(PySide6.__file__))"],
        capture_output=True,
        text=True,
    )
    if found.returncode != 0:
        return []
    qt = Path(found.stdout.strip()) / "Qt"
    missing: list[str] = []
    for binary in (qt / "plugins" / "platforms" / "libqxcb.so", qt / "lib" / "libQt6XcbQpa.so.6"):
        if not binary.exists():
            continue
        linked = subprocess.run(["ldd", str(binary)], capture_output=True, text=True).stdout
        for line in linked.splitlines():
            if "not found" in line:
                name = line.split("=>")[0].strip()
                if name not in missing:
                    missing.append(name)
    for name in DLOPENED:
        try:
            ctypes.CDLL(name)
        except OSError:
            if name not in missing:
                missing.append(name)
    return missing


def missing_packages(python: Path) -> list[str]:
    """Debian packages to install for the missing libraries (the library's name if unknown)."""
    return [PACKAGES.get(name, name) for name in missing_libraries(python)]
