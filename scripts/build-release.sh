#!/usr/bin/env bash
# The release build that run.sh and bench.sh use: the Swift runtime and Foundation linked statically (start-up
# 11 ms instead of 15–19 ms, see docs/PERFORMANCE.md), which needs libcurl's development files at link time.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product weather-or-not --static-swift-stdlib -Xlinker -lcurl -Xlinker --strip-all
