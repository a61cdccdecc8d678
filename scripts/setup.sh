#!/usr/bin/env bash
# Installs what building weather-or-not needs beyond the Swift toolchain: Debian's libedit-dev (line editing),
# libssl-dev (TLS for https, through OpenSSL), zlib1g-dev (gzip-compressed answers), and ca-certificates (the
# authorities https is checked against).
# With --for-tests (scripts/test.sh), also what the tests run: bash, zsh and fish (completion scripts), groff and
# mandoc (man page lint), man-db (man -l), lintian and dpkg-dev (dpkg-shlibdeps, objdump through binutils) for the .deb,
# make (the Makefile's install target), tzdata (the system's time-zone files the zone tests read), and locales (the
# locale sources test-packaging.sh compiles, to ask man for the translated man pages as a reader of each language).
# Uses apt-get as root, or through sudo; does nothing when everything is already there.
set -euo pipefail

for_tests=0
case "${1:-}" in
  "") ;;
  --for-tests) for_tests=1 ;;
  *) echo "setup.sh: unknown argument: $1 (the only option is --for-tests)" >&2; exit 64 ;;
esac

missing=()
[ -f /usr/include/histedit.h ] || missing+=(libedit-dev)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
pkg-config --exists openssl 2>/dev/null || missing+=(libssl-dev)
pkg-config --exists zlib 2>/dev/null || missing+=(zlib1g-dev)
[ -f /etc/ssl/certs/ca-certificates.crt ] || missing+=(ca-certificates)
if [ "$for_tests" -eq 1 ]; then
  # command:package, the package that owns the command on Debian 12 (dpkg -S).
  for pair in bash:bash zsh:zsh fish:fish groff:groff-base mandoc:mandoc man:man-db lintian:lintian \
    dpkg-shlibdeps:dpkg-dev objdump:binutils readelf:binutils make:make; do
    command -v "${pair%%:*}" >/dev/null 2>&1 || [[ " ${missing[*]} " == *" ${pair#*:} "* ]] || missing+=("${pair#*:}")
  done
  [ -f /usr/share/zoneinfo/Europe/Lisbon ] || missing+=(tzdata)
  [ -f /usr/share/i18n/locales/pt_BR ] && command -v localedef >/dev/null 2>&1 || missing+=(locales)
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "weather-or-not needs: ${missing[*]}. Install them as root: apt-get install ${missing[*]}" >&2
  exit 1
fi

echo "Installing ${missing[*]} (apt-get)..." >&2
"${as_root[@]}" apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq "${missing[@]}" >&2
