#!/usr/bin/env bash
# The release build that run.sh, bench.sh, install.sh and package-deb.sh use (the product weather-or-not, or the one
# named, as bench.sh builds weather-bench): the Swift runtime and Foundation linked statically, which saves several
# milliseconds of dynamic loading at every start, and linked by LLVM's lld (shipped with the toolchain) with relative
# relocations packed (`-z pack-relative-relocs`, DT_RELR, read by glibc 2.36 and later): 41,772 relocations of 24 bytes
# (1.0 MB of the binary) become a 9 KB bitmap. gold, the default linker, cannot pack them (docs/PERFORMANCE.md,
# "The binary's size"). The same flags for every product, so building one after the other recompiles nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product "${1:-weather-or-not}" --static-swift-stdlib -Xswiftc -use-ld=lld \
  -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --strip-all
