#!/usr/bin/env bash
# Runs the whole test suite: unit, loopback-server integration and end-to-end tests of the built binary.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
# The end-to-end tests run the built executable, so build it (and the tests) first.
swift build --build-tests
swift test --skip-build "$@"
