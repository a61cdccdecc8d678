#!/usr/bin/env bash
# The release build that run.sh, bench.sh, install.sh and package-deb.sh use (the product weather-or-not, or the one
# named, as bench.sh builds weather-bench): the Swift runtime and Foundation linked statically, which saves several
# milliseconds of dynamic loading at every start, and linked by LLVM's lld (shipped with the toolchain) with relative
# relocations packed (`-z pack-relative-relocs`, DT_RELR, read by glibc 2.36 and later): 41,772 relocations of 24 bytes
# (1.0 MB of the binary) become a 9 KB bitmap. gold, the default linker, cannot pack them (docs/PERFORMANCE.md,
# "The binary's size"). The same flags for every product, so building one after the other recompiles nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
# Packed only when this system's glibc can read them (2.36, Debian 12, and later): an older loader would run the program
# with its pointers unrelocated, and lld marks the binary as needing glibc 2.36 only when the libc it links against
# knows that version. Elsewhere the binary is 1.0 MB larger and works the same.
pack=()
glibc=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{ print $2 }')
if [ -n "$glibc" ] && [ "$(printf '%s\n' 2.36 "$glibc" | sort -V | head -n 1)" = 2.36 ]; then
  pack=(-Xlinker -z -Xlinker pack-relative-relocs)
fi
swift build -c release --product "${1:-weather-or-not}" --static-swift-stdlib -Xswiftc -use-ld=lld "${pack[@]}" \
  -Xlinker --strip-all
