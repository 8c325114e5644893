#!/usr/bin/env bash
# Regenerates the README screenshots from the real editor window (navscope --screenshot) under
# Xvfb. Usage: screenshots/regenerate.sh   (needs xvfb-run and Mesa; see .ci/run)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
NAVSCOPE="${NAVSCOPE:-target/release/navscope}"
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
chmod 0700 "$XDG_RUNTIME_DIR"

shot() {
  local out="$1"
  shift
  xvfb-run -a -s "-screen 0 1920x1200x24" "$NAVSCOPE" --size 1500x950 --screenshot "screenshots/$out" "$@"
  echo "screenshots/$out"
}

shot editor.png
shot compare.png assets/scenes/maze.json --compare 4
shot failing-path.png assets/scenes/islands.json
shot lab.png --lab 1000
shot no-query.png assets/scenes/rooms-no-query.json
shot costs.png assets/scenes/mud.json
shot links.png assets/scenes/floors.json
