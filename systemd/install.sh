#!/usr/bin/env bash
# Turn this Raspberry Pi OS Lite box into a tableside kiosk. Run from the
# checkout (best in /opt/tableside), e.g.:  sudo systemd/install.sh --rotation 180
# Options go to `tableside kiosk install` (try --help, or --dry-run first).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bootstrap.sh
apt_install scripts/apt-runtime.txt systemd/apt-kiosk.txt
ensure_uv
sync_env --no-dev
exec .venv/bin/tableside kiosk install "$@"
