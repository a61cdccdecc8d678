#!/usr/bin/env bash
# Builds the release binary the README's run command builds, then runs the benchmark (scripts/bench.py).
# Installs curl and ansiweather (the comparisons) and GNU time (peak memory) when missing. Prints figures; asserts nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
for tool in curl ansiweather time; do
  [ -x "/usr/bin/$tool" ] || command -v "$tool" >/dev/null 2>&1 || { [ "$(id -u)" -eq 0 ] && apt-get install -y -qq "$tool" >/dev/null; } || true
done
./scripts/build-release.sh >&2
swift build -c release --product weather-bench --static-swift-stdlib >&2
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(swift --version 2>&1 | head -1)"
exec python3 scripts/bench.py "$@"
