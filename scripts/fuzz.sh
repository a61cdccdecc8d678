#!/usr/bin/env bash
# Fuzzes the JSON reader and writer, the HTTP response parser, every provider's decoders (then every view drawn from
# what they decode, and answers with extreme numbers and control characters put in any field), the command parser, the
# coordinate parser, terminal sanitising, completion, preferences decoding, and the time-zone file and rule readers with
# libFuzzer, for a bounded time (not part of CI).
#   scripts/fuzz.sh [SECONDS]     default 60; corpus in fuzz/corpus, crashes in fuzz/out
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
mkdir -p .build/fuzz fuzz/out fuzz/corpus
# The C targets' bytes and code (the built-in gazetteer), assembled and compiled as SwiftPM does, with a module map of
# its own for the header.
cat > .build/fuzz/module.modulemap <<MAP
module CGazetteer { header "$PWD/Sources/CGazetteer/include/CGazetteer.h" export * }
MAP
clang -c -I Sources/CGazetteer -o .build/fuzz/gazetteer-asm.o Sources/CGazetteer/gazetteer.S
clang -c -O2 -I Sources/CGazetteer -I Sources/CGazetteer/include -o .build/fuzz/gazetteer.o Sources/CGazetteer/gazetteer.c
common=(-O -swift-version 6 -sanitize=fuzzer,address -parse-as-library -package-name weather_or_not -I Sources/CTLS -I Sources/CZlib
  -Xcc -fmodule-map-file=.build/fuzz/module.modulemap)
# HTTPKit and WeatherCore as modules of their own (testable: the response parser, the views), then WeatherProviders'
# sources (the decoders) with the entry point.
if ! { swiftc "${common[@]}" -module-name HTTPKit -enable-testing -emit-module -emit-module-path .build/fuzz/HTTPKit.swiftmodule \
    -emit-library -static -o .build/fuzz/libHTTPKit.a $(find Sources/HTTPKit -name "*.swift" | sort) \
  && swiftc "${common[@]}" -module-name WeatherCore -enable-testing -I .build/fuzz -L .build/fuzz -lHTTPKit -emit-module \
    -emit-module-path .build/fuzz/WeatherCore.swiftmodule -emit-library -static -o .build/fuzz/libWeatherCore.a \
    $(find Sources/WeatherCore -name "*.swift" | sort) \
  && swiftc "${common[@]}" -module-name WeatherFuzz -I .build/fuzz -L .build/fuzz -lWeatherCore -lHTTPKit \
    .build/fuzz/gazetteer.o .build/fuzz/gazetteer-asm.o -lz \
    $(find Sources/WeatherProviders -name "*.swift" | sort) fuzz/FuzzEntry.swift -o .build/fuzz/weather-fuzz; } > .build/fuzz/build.log 2>&1; then
  grep -v "Cannot export local symbol" .build/fuzz/build.log >&2
  exit 1
fi
# Seed the corpus with the fixtures, one per target byte.
if [ -z "$(ls -A fuzz/corpus)" ]; then
  i=0
  for f in Tests/Fixtures/*.json; do
    for target in 0 1 2 6 9; do printf "\\x$(printf %02x $target)" | cat - "$f" > "fuzz/corpus/seed-$i-$target"; done
    i=$((i + 1))
  done
  for f in Tests/Fixtures/openmeteo/*.json; do
    for target in 9 11; do printf "\\x$(printf %02x $target)" | cat - "$f" > "fuzz/corpus/seed-$i-$target"; done
    i=$((i + 1))
  done
  for f in Tests/Fixtures/metno/*.json; do printf '\x0a' | cat - "$f" > "fuzz/corpus/seed-$i-10"; i=$((i + 1)); done
  # The structured target: a fixture, then (leaf, value) triples to spoil it with.
  for seed in '\x0c\x00\x00\x05\x00\x01' '\x0c\x01\x00\x07\x00' '\x0c\x02\x00\x10\x10' '\x0c\x03\x01\x00\x15'; do
    printf "$seed" > "fuzz/corpus/spoil-$i"; i=$((i + 1))
  done
  printf '\x07HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{"a"\r\n3;x=1\r\n:1}\r\n0\r\n\r\n' > fuzz/corpus/http-chunked
  printf '\x02[{"name":"Evil\\u001b]52;c;aGk=\\u0007Town\\n","state":"\\u009d0;t\\u009c","lat":1,"lon":2}]' > fuzz/corpus/geo-hostile
  printf '\x07HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Length: 2\r\n\r\n[]' > fuzz/corpus/http-length
  for zone in Europe/Lisbon Asia/Kathmandu America/St_Johns Australia/Lord_Howe; do
    if [ -f "/usr/share/zoneinfo/$zone" ]; then printf '\x08' | cat - "/usr/share/zoneinfo/$zone" > "fuzz/corpus/zone-${zone//\//-}"; fi
  done
  for rule in 'CET-1CEST,M3.5.0,M10.5.0/3' '<+0545>-5:45' '<+1030>-10:30<+11>-11,M10.1.0,M4.1.0' 'EST5EDT,J60/2,300/25'; do
    printf '\x08%s' "$rule" > "fuzz/corpus/rule-$RANDOM"
  done
  for line in ':hourly 12' '48.8566, 2.3522' $'Lon\e[31mdon' ':units imperial' 'Rio' $'Evil\e]52;c;aGk=\aTown\nForged\u009b2J\u202e' \
    $'a\eP1;2q\e\\b\u200b\u2028c'; do
    for target in 3 4 5 6 7; do printf "\\x$(printf %02x $target)%s" "$line" > "fuzz/corpus/line-$target-$RANDOM"; done
  done
fi
.build/fuzz/weather-fuzz -max_total_time="$seconds" -artifact_prefix=fuzz/out/ -print_final_stats=1 fuzz/corpus 2>&1 \
  | grep -E 'stat::number_of_executed_units|stat::peak_rss|Done|ERROR|SUMMARY|crash' || true
ls fuzz/out | grep -q . && { echo "crashes saved in fuzz/out"; exit 1; } || echo "no crashes"
