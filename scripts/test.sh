#!/usr/bin/env bash
# Runs the whole test suite: unit, loopback-server integration and end-to-end tests of the built binary, then the
# install and packaging tests (scripts/test-packaging.sh: install.sh, make install, the .deb and lintian).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh --for-tests
# The end-to-end tests run the built executable, so build it (and the tests) first.
swift build --build-tests
swift test --skip-build "$@"
./scripts/test-packaging.sh
