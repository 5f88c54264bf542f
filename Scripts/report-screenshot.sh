#!/usr/bin/env bash
# Opens an HTML report in headless Chromium (Debian: apt-get install chromium), fails when the
# page logs a console error or an uncaught exception, and saves a screenshot.
#
#   Scripts/report-screenshot.sh report.html shot.png [#f1-2] [1280,860]
#
# The optional fragment opens the page on a finding (its timeline zoomed there).
# Exit status: 0 clean, 1 console errors (printed), 77 no Chromium on this machine.
set -euo pipefail
html=$1
png=$2
fragment=${3:-}
size=${4:-1280,860}
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "chromium is not installed" >&2
  exit 77
fi
log=$(mktemp)
profile=$(mktemp -d)
trap 'rm -rf "$log" "$profile"' EXIT
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
  --user-data-dir="$profile" --enable-logging=stderr --v=0 --virtual-time-budget=3000 \
  --window-size="$size" --screenshot="$png" "file://$(realpath "$html")$fragment" 2>"$log" || {
  cat "$log" >&2
  exit 1
}
# Chromium logs what the page writes to the console as CONSOLE(line) "message".
if grep -E 'CONSOLE|Uncaught' "$log" >&2; then exit 1; fi
test -s "$png"
