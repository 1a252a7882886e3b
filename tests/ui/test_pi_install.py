"""The Raspberry Pi install never compiles: uv.lock has a binary wheel for every package.

``./run`` on a Pi runs ``uv sync --locked`` with the system Python: Raspberry Pi
OS Bookworm (Python 3.11, glibc 2.36) or Trixie (Python 3.13, glibc 2.41), on
64-bit ARM (aarch64). This walks the lock from the project through its
dependencies and the default ``dev`` group, evaluating each dependency's
environment marker for that system, and checks that every package reached has a
wheel the Pi can install (a manylinux/linux aarch64 wheel for that CPython, an
``abi3`` one, or a pure-Python one). Only the system packages documented in
``scripts/apt-pi.txt`` (``python3-lgpio``, ``python3-picamera2``: bindings that
come from Raspberry Pi OS) are exempt.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from packaging.markers import Marker
from packaging.tags import Tag, compatible_tags, cpython_tags
from packaging.utils import parse_wheel_filename

ROOT = Path(__file__).resolve().parents[2]
#: (name, Python version, glibc of that Raspberry Pi OS release)
SYSTEMS = [
    ("Raspberry Pi OS Bookworm", (3, 11, 2), (2, 36)),
    ("Raspberry Pi OS Trixie", (3, 13, 5), (2, 41)),
]


def system_packages() -> set[str]:
    """Python distributions that come from Raspberry Pi OS (scripts/apt-pi.txt), not the lock."""
    names = set()
    for line in (ROOT / "scripts" / "apt-pi.txt").read_text().splitlines():
        word = line.split("#")[0].split()
        if word and word[0].startswith("python3-"):
            names.add(word[0].removeprefix("python3-"))
    return names


def environment(python: tuple[int, int, int]) -> dict[str, str]:
    version = ".".join(map(str, python))
    return {
        "implementation_name": "cpython",
        "implementation_version": version,
        "os_name": "posix",
        "platform_machine": "aarch64",
        "platform_python_implementation": "CPython",
        "platform_release": "6.6.0",
        "platform_system": "Linux",
        "platform_version": "#1 SMP",
        "python_full_version": version,
        "python_version": f"{python[0]}.{python[1]}",
        "sys_platform": "linux",
        "extra": "",
    }


def supported_tags(python: tuple[int, int, int], glibc: tuple[int, int]) -> set[Tag]:
    platforms = [f"manylinux_{glibc[0]}_{minor}_aarch64" for minor in range(glibc[1], 16, -1)]
    platforms += ["manylinux2014_aarch64", "linux_aarch64"]
    major_minor = python[:2]
    tags = set(cpython_tags(major_minor, platforms=platforms))
    tags |= set(compatible_tags(major_minor, f"cp{python[0]}{python[1]}", platforms))
    return tags


def reached(lock: dict[str, Any], env: dict[str, str]) -> list[dict[str, Any]]:
    """The locked packages an install on ``env`` needs (project deps and the dev group)."""
    packages: dict[str, list[dict[str, Any]]] = {}
    for package in lock["package"]:
        packages.setdefault(package["name"], []).append(package)
    root = next(p for p in lock["package"] if p.get("source", {}).get("editable") == ".")

    def wanted(deps: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [d for d in deps if "marker" not in d or Marker(d["marker"]).evaluate(env)]

    todo = wanted(root.get("dependencies", []))
    for group in root.get("dev-dependencies", {}).values():
        todo += wanted(group)
    seen: dict[tuple[str, str], dict[str, Any]] = {}
    while todo:
        dep = todo.pop()
        choices = packages[dep["name"]]
        if "version" in dep:
            choices = [p for p in choices if p["version"] == dep["version"]]
        package = choices[0]
        key = (package["name"], package["version"])
        if key in seen:
            continue
        seen[key] = package
        todo += wanted(package.get("dependencies", []))
    return list(seen.values())


@pytest.mark.parametrize("system,python,glibc", SYSTEMS, ids=[s[0] for s in SYSTEMS])
def test_every_locked_package_has_a_pi_wheel(
    system: str, python: tuple[int, int, int], glibc: tuple[int, int]
) -> None:
    lock = tomllib.loads((ROOT / "uv.lock").read_text())
    tags = supported_tags(python, glibc)
    exempt = system_packages()
    needed = reached(lock, environment(python))
    assert {"kivy", "numpy", "opencv-python-headless", "pillow"} <= {p["name"] for p in needed}
    missing = []
    for package in needed:
        if package["name"] in exempt:
            continue
        wheels = [w["url"].rsplit("/", 1)[1] for w in package.get("wheels", [])]
        installable = [w for w in wheels if set(parse_wheel_filename(w)[3]) & tags]
        if not installable:
            missing.append(f"{package['name']} {package['version']}")
    assert missing == [], f"{system}: no aarch64 wheel (the Pi would compile): {missing}"


def test_kivy_aarch64_wheel_is_locked_for_both_pythons() -> None:
    """Kivy's manylinux aarch64 wheels bundle SDL2 (with KMS/DRM): the kiosk needs no desktop."""
    lock = tomllib.loads((ROOT / "uv.lock").read_text())
    kivy = next(p for p in lock["package"] if p["name"] == "kivy")
    names = [w["url"].rsplit("/", 1)[1] for w in kivy["wheels"]]
    for cp in ("cp311", "cp313"):
        assert any(cp in n and "aarch64" in n and "manylinux" in n for n in names), cp
