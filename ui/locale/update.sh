#!/usr/bin/env bash
# Re-extract every player-facing text and merge it into the catalogues.
# Then translate the new entries in ui/locale/{de,pt}/LC_MESSAGES/tableside.po
# (empty msgstr = shown in English). The app compiles .po -> .mo at start-up.
set -euo pipefail
cd "$(dirname "$0")/../.."
uv run pybabel extract -F babel.cfg -k msg -k msgn:1,2 -k N_ -k _ -k tx --no-default-keywords \
    --no-location --sort-output --project tableside -o ui/locale/tableside.pot .
for lang in de pt; do
    if [[ -f ui/locale/$lang/LC_MESSAGES/tableside.po ]]; then
        uv run pybabel update -i ui/locale/tableside.pot -d ui/locale -D tableside -l "$lang" \
            --no-fuzzy-matching --ignore-obsolete
    else
        uv run pybabel init -i ui/locale/tableside.pot -d ui/locale -D tableside -l "$lang"
    fi
done
# Where long words break in board pictures (ui/painters/syllables.py).
uv run python -m ui.painters.syllables
