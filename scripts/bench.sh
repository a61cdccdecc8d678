#!/usr/bin/env bash
# Builds the release binary the README's run command builds, then runs the benchmark (scripts/bench.py).
# Installs curl and ansiweather (the comparisons) and GNU time (peak memory) when missing. Prints figures; asserts nothing.
# bench.py serves every provider from weather-loopback (the tests' loopback servers, WeatherCoreTesting) and prints the
# machine line, the loopback table, then the real-link section (round trips through a latency-injecting
# loopback proxy); `--real-link-only` or `--skip-real-link` runs one of them, `--real-link-runs N` sets its runs (3).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
for tool in curl ansiweather time; do
  [ -x "/usr/bin/$tool" ] || command -v "$tool" >/dev/null 2>&1 || { [ "$(id -u)" -eq 0 ] && apt-get install -y -qq "$tool" >/dev/null; } || true
done
./scripts/build-release.sh >&2
./scripts/build-release.sh weather-bench >&2
# The tests' loopback servers (Tests/weather-loopback), built for debugging as the tests build them: it links Swift
# Testing, which has no static library, and a release build without --static-swift-stdlib would make the next release
# build of weather-or-not compile everything again.
swift build --product weather-loopback >&2
exec python3 scripts/bench.py "$@"
