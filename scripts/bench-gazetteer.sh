#!/usr/bin/env bash
# The bundled gazetteer's figures (docs/PERFORMANCE.md, "The gazetteer"): its first use, the memory it adds, and
# the time of searches, did-you-mean and reverse lookups, from a release build of Sources/gazetteer-bench. Prints
# figures; asserts nothing. Usage: scripts/bench-gazetteer.sh [ROUNDS] (default 200).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product gazetteer-bench >&2
.build/release/gazetteer-bench "${1:-200}"
