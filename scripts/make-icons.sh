#!/usr/bin/env bash
# Renders assets/logo.svg into the PNG icons named by manifest.xml.
# The PNGs are committed; this script is only needed when the logo changes.
# Requires rsvg-convert (Debian: apt-get install librsvg2-bin).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v rsvg-convert >/dev/null || { echo "rsvg-convert not found: apt-get install librsvg2-bin" >&2; exit 1; }
for size in 16 32 64 80 128; do
  rsvg-convert --width "$size" --height "$size" --keep-aspect-ratio assets/logo.svg -o "assets/icon-$size.png"
  echo "assets/icon-$size.png"
done
