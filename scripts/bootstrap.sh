#!/usr/bin/env bash
# Shared set-up for ./run and ./run-tests: Debian packages, uv, and the locked
# Python environment. Safe to run again; it only installs what is missing.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Debian / Raspberry Pi OS packages listed in the given files (one per line, # comments).
apt_install() {
    local missing=()
    for list in "$@"; do
        while read -r pkg _; do
            [[ -z "$pkg" || "$pkg" == \#* ]] && continue
            dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" \
                || missing+=("$pkg")
        done < "$list"
    done
    ((${#missing[@]})) || return 0
    local sudo=""
    if [[ $(id -u) -ne 0 ]]; then
        if sudo -n true 2>/dev/null; then sudo="sudo"; else
            echo "tableside: please install these packages first:" >&2
            echo "  sudo apt-get install -y ${missing[*]}" >&2
            exit 1
        fi
    fi
    echo "tableside: installing ${missing[*]} ..." >&2
    $sudo apt-get update -qq >&2 || true
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
}

ensure_uv() {
    export PATH="$HOME/.local/bin:$here/.tools/bin:$PATH"
    command -v uv >/dev/null 2>&1 && return 0
    echo "tableside: installing uv (the Python package manager) ..." >&2
    if ! python3 -m pip install --user --quiet uv 2>/dev/null; then
        python3 -m venv "$here/.tools" >&2
        "$here/.tools/bin/pip" install --quiet uv >&2
    fi
    command -v uv >/dev/null 2>&1 || { echo "tableside: could not install uv" >&2; exit 1; }
}

is_raspberry_pi() {
    grep -qs "Raspberry Pi" /proc/device-tree/model
}

# On a Raspberry Pi the GPIO (lgpio) and camera (picamera2) bindings come from
# Raspberry Pi OS itself: PyPI has no ARM wheel of lgpio and picamera2 needs the
# system's libcamera. The project's environment is therefore created with the
# system Python and sees its site-packages; everything else still comes from uv.lock.
# TABLESIDE_IMAGE=1 (scripts/image/build, in an arm64 chroot): the environment is
# made the same way, but the Pi's packages are not installed (the build cannot reach
# the Pi's archive; scripts/image/pi-packages.txt names them).
prepare_pi() {
    if is_raspberry_pi; then
        apt_install "$here/scripts/apt-pi.txt"
    elif [[ ${TABLESIDE_IMAGE:-} != 1 ]]; then
        return 0
    fi
    if [[ ! -d "$here/.venv" ]]; then
        (cd "$here" && uv venv --quiet --python /usr/bin/python3 --system-site-packages >&2)
    fi
}

sync_env() {
    prepare_pi
    (cd "$here" && uv sync --locked --quiet "$@" >&2)
}
