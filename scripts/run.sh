#!/usr/bin/env bash
# Builds weather-or-not (release) if needed and starts it with the arguments given.
#   ./scripts/run.sh --offline        sample data, no key needed
#   ./scripts/run.sh                  live weather from Open-Meteo, no key needed
#   OPENWEATHER_API_KEY=... ./scripts/run.sh   live weather from OpenWeather first (the keyless ones behind it)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build-release.sh >&2
exec .build/release/weather-or-not "$@"
