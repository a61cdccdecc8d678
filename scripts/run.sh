#!/usr/bin/env bash
# Builds weather-or-not (release) if needed and starts it with the arguments given.
#   ./scripts/run.sh --offline        sample data, no key needed
#   ./scripts/run.sh                  live weather (needs OPENWEATHER_API_KEY)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build-release.sh >&2
exec .build/release/weather-or-not "$@"
