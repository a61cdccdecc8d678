#!/usr/bin/env bash
# The release build that run.sh and bench.sh use: the Swift runtime and Foundation linked statically, which
# saves several milliseconds of dynamic loading at every start (docs/PERFORMANCE.md).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product weather-or-not --static-swift-stdlib -Xlinker --strip-all
