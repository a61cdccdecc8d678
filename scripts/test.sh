#!/usr/bin/env bash
# Runs the whole test suite: unit, loopback-server integration and end-to-end tests of the built binary, then the
# install and packaging tests (scripts/test-packaging.sh: install.sh, make install, the .deb and lintian).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh --for-tests
# The end-to-end tests run the built executable, so build it (and the tests) first.
swift build --build-tests
# At most 8 tests at once (Swift Testing's own knob, still named experimental): with every test started at once, the
# tests that wait on a process or a pseudo-terminal hold the 2 cores' cooperative threads while network tests' 30 s
# bounds run out. Measured with the suite of 1,005 tests, the machine at load 10–33: every run failed 20–52 tests
# unbounded, none failed at 8 (75–85 s; about 30 s quiet either way).
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH="${SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH:-8}"
swift test --skip-build "$@"
./scripts/test-packaging.sh
