#!/usr/bin/env bash
# Tests scripts/install.sh, the Makefile and scripts/package-deb.sh for real: installs the release binary into
# temporary roots, checks the twelve files and their modes, runs the installed binary offline, renders the man pages
# (English and the five translations, each found by man in its language), checks LICENSE and NOTICE, uninstalls;
# builds the .deb, lists it, reads its fields and copyright, runs lintian (any E: or W: fails) and unpacks it into a
# temporary root to run it. Everything happens under one mktemp directory; nothing touches the network.
# Called by scripts/test.sh after the Swift suites; needs what `scripts/setup.sh --for-tests` installs.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "test-packaging.sh: FAIL: $*" >&2
  exit 1
}
pass() { echo "  ok: $*"; }

echo "test-packaging.sh: release build"
./scripts/build-release.sh > "$tmp/build.log" 2>&1 || { cat "$tmp/build.log" >&2; fail "scripts/build-release.sh failed"; }
binary=$PWD/.build/release/weather-or-not
version=$("$binary" --version | awk 'NR == 1 { print $2 }')
[ -n "$version" ] || fail "'weather-or-not --version' printed no version"

# The translated man pages: Debian's directory name, the --lang code, the page's NAME heading in that language and a
# locale of that language (compiled below, so man can be asked as a reader of that language would).
man_languages=(fr:fr:NOM:fr_FR de:de:BEZEICHNUNG:de_DE es:es:NOMBRE:es_ES pt_BR:pt-BR:NOME:pt_BR it:it:NOME:it_IT)
# Every language with string tables besides English, no more and no fewer (a new language needs its page here).
spoken=$(find Assets/strings -mindepth 1 -maxdepth 1 -type d ! -name en -printf '%f\n' | sort | tr '\n' ' ')
listed=$(for language in "${man_languages[@]}"; do IFS=: read -r _ code _ <<<"$language"; echo "$code"; done | sort | tr '\n' ' ')
[ "$spoken" = "$listed" ] || fail "Assets/strings has $spoken but the man pages are checked for $listed"
files=(bin/weather-or-not:755 share/man/man1/weather-or-not.1:644)
for language in "${man_languages[@]}"; do files+=("share/man/${language%%:*}/man1/weather-or-not.1:644"); done
files+=(
  share/bash-completion/completions/weather-or-not:644
  share/zsh/site-functions/_weather-or-not:644
  share/fish/vendor_completions.d/weather-or-not.fish:644
  share/doc/weather-or-not/LICENSE:644
  share/doc/weather-or-not/NOTICE:644
)

# The release build: the Swift runtime linked in and stripped (a debug build loads /opt/swift's libraries).
check_release_binary() {
  local bin=$1 needed
  needed=$(objdump -p "$bin" | awk '/NEEDED/ { print $2 }')
  [ -n "$needed" ] || fail "$bin: objdump shows no NEEDED libraries"
  if grep -q -i swift <<<"$needed"; then fail "$bin loads Swift's runtime: $(tr '\n' ' ' <<<"$needed")"; fi
  sections=$(readelf -S "$bin")
  if grep -q '\.symtab' <<<"$sections"; then fail "$bin is not stripped"; fi
}

# Runs an installed binary: --version, then a one-shot offline search with every directory it writes in $tmp.
run_installed() {
  local bin=$1 home out
  "$bin" --version > "$tmp/version.out" || fail "$bin --version exited $?"
  grep -q "^weather-or-not $version\$" "$tmp/version.out" || fail "$bin --version: $(head -n 1 "$tmp/version.out")"
  grep -q "Weather data by Open-Meteo.com (CC BY 4.0)" "$tmp/version.out" || fail "$bin --version has no attribution"
  home=$(mktemp -d "$tmp/home.XXXX")
  out=$(env -u XDG_DATA_DIRS HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache" \
    XDG_STATE_HOME="$home/state" XDG_DATA_HOME="$home/data" "$bin" --offline London) || fail "$bin --offline London exited $?"
  grep -q "Sample data" <<<"$out" || fail "$bin --offline London did not print \"Sample data\": $out"
  pass "$bin runs (--version, --offline London)"
}

# The man page renders with man -l and with groff -ww without a warning (its NAME heading: $2, default NAME).
check_man_page() {
  local page=$1 heading=${2:-NAME} rendered warnings
  rendered=$(MANWIDTH=80 man -l "$page" 2>"$tmp/man.err") || fail "man -l $page: $(cat "$tmp/man.err")"
  [ ! -s "$tmp/man.err" ] || fail "man -l $page warned: $(cat "$tmp/man.err")"
  grep -q "^$heading\$" <<<"$rendered" && grep -q "weather-or-not" <<<"$rendered" || fail "man -l $page: no $heading section"
  case $page in
    *.gz) warnings=$(zcat "$page" | groff -man -Tutf8 -ww -z 2>&1) ;;
    *) warnings=$(groff -man -Tutf8 -ww -z "$page" 2>&1) ;;
  esac
  [ -z "$warnings" ] || fail "groff -ww $page: $warnings"
  pass "$page renders (man -l, groff -ww)"
}

# The translated pages under MANDIR (share/man or usr/share/man, gzipped in the .deb): each renders, says its
# language's NAME heading, and is the page man finds and shows in a locale of its language (English in C.UTF-8).
check_translated_man_pages() {
  local mandir=$1 suffix=$2 language directory code heading locale found rendered
  for language in "${man_languages[@]}"; do
    IFS=: read -r directory code heading locale <<<"$language"
    check_man_page "$mandir/$directory/man1/weather-or-not.1$suffix" "$heading"
    found=$(LOCPATH=$locales LC_ALL=$locale.UTF-8 MANPATH=$mandir man -w weather-or-not 2>&1) || fail "man -w in $locale: $found"
    [ "$found" = "$mandir/$directory/man1/weather-or-not.1$suffix" ] || fail "man -w in $locale found $found"
    rendered=$(LOCPATH=$locales LC_ALL=$locale.UTF-8 MANPATH=$mandir MANWIDTH=80 man weather-or-not 2>&1) ||
      fail "man weather-or-not in $locale: $rendered"
    grep -q "^$heading\$" <<<"$rendered" || fail "man weather-or-not in $locale did not show the $directory page"
  done
  found=$(MANPATH=$mandir man -w weather-or-not 2>&1) || fail "man -w in $LC_ALL: $found"
  [ "$found" = "$mandir/man1/weather-or-not.1$suffix" ] || fail "man -w in $LC_ALL found $found, not the English page"
  pass "man pages in ${#man_languages[@]} more languages, each the one man shows in a locale of its language"
}

# The completion scripts load in their shells.
check_completions() {
  local bash_file=$1 zsh_file=$2 fish_file=$3
  bash -c "source '$bash_file' && complete -p weather-or-not" >/dev/null 2>&1 || fail "bash cannot load $bash_file"
  zsh -n "$zsh_file" || fail "zsh -n $zsh_file"
  fish --no-execute "$fish_file" || fail "fish --no-execute $fish_file"
  pass "completion scripts parse in bash, zsh and fish"
}

# install.sh into DESTDIR (with the given arguments), checks, then --uninstall and checks.
check_install() {
  local destdir=$1 prefix=$2 root entry file mode language directory code
  shift 2
  root=$destdir$prefix
  echo "test-packaging.sh: install.sh $* (expect $root)"
  ./scripts/install.sh "$@" > "$tmp/install.log" 2>&1 || { cat "$tmp/install.log" >&2; fail "install.sh $* exited non-zero"; }
  grep -q "^Completions:" "$tmp/install.log" || fail "install.sh did not say where completions are read"
  for entry in "${files[@]}"; do
    file=${entry%:*} mode=${entry##*:}
    [ -f "$root/$file" ] || fail "install.sh did not install $root/$file"
    [ "$(stat -c %a "$root/$file")" = "$mode" ] || fail "$root/$file has mode $(stat -c %a "$root/$file"), not $mode"
  done
  [ "$(find "$destdir" -type f | wc -l)" -eq "${#files[@]}" ] || fail "install.sh installed more than the ${#files[@]} files: $(find "$destdir" -type f)"
  "$binary" --lang en --generate-man-page | cmp -s - "$root/share/man/man1/weather-or-not.1" || fail "installed man page differs from --generate-man-page"
  for language in "${man_languages[@]}"; do
    IFS=: read -r directory code _ <<<"$language"
    "$binary" --lang "$code" --generate-man-page | cmp -s - "$root/share/man/$directory/man1/weather-or-not.1" ||
      fail "installed $directory man page differs from --lang $code --generate-man-page"
  done
  cmp -s LICENSE "$root/share/doc/weather-or-not/LICENSE" || fail "installed LICENSE differs from the repository's"
  cmp -s NOTICE "$root/share/doc/weather-or-not/NOTICE" || fail "installed NOTICE differs from the repository's"
  pass "${#files[@]} files with modes 0755/0644 under $root"
  check_release_binary "$root/bin/weather-or-not"
  run_installed "$root/bin/weather-or-not"
  check_man_page "$root/share/man/man1/weather-or-not.1"
  check_translated_man_pages "$root/share/man" ""
  check_completions "$root/share/bash-completion/completions/weather-or-not" \
    "$root/share/zsh/site-functions/_weather-or-not" "$root/share/fish/vendor_completions.d/weather-or-not.fish"

  # Files beside ours survive the uninstall.
  echo keep > "$root/bin/other-tool"
  echo keep > "$root/share/bash-completion/completions/other-tool"
  ./scripts/install.sh --uninstall "$@" > "$tmp/uninstall.log" 2>&1 ||
    { cat "$tmp/uninstall.log" >&2; fail "install.sh --uninstall exited non-zero"; }
  for entry in "${files[@]}"; do
    [ ! -e "$root/${entry%:*}" ] || fail "--uninstall left $root/${entry%:*}"
  done
  [ -f "$root/bin/other-tool" ] && [ -f "$root/share/bash-completion/completions/other-tool" ] ||
    fail "--uninstall removed a file that was not its own"
  [ "$(find "$destdir" -type f | wc -l)" -eq 2 ] || fail "after --uninstall: $(find "$destdir" -type f)"
  [ ! -e "$root/share/doc/weather-or-not" ] || fail "--uninstall left $root/share/doc/weather-or-not"
  pass "--uninstall removed the ${#files[@]} files (translated man pages too) and nothing else"
}

home=$tmp/user-home
mkdir -p "$home"
export HOME=$home
# The checks read English output, whatever the locale of the person running them.
export LC_ALL=C.UTF-8 LANG=C.UTF-8
unset LANGUAGE LC_MESSAGES
# A locale of each translation's language, compiled from Debian's locale sources (the locales package) into $tmp.
locales=$tmp/locales
mkdir -p "$locales"
for language in "${man_languages[@]}"; do
  locale=${language##*:}
  localedef -i "$locale" -f UTF-8 "$locales/$locale.UTF-8" > "$tmp/localedef.log" 2>&1 ||
    { cat "$tmp/localedef.log" >&2; fail "localedef could not compile $locale.UTF-8 (apt-get install locales)"; }
done
check_install "$tmp/dest1" /opt/weather-test --binary "$binary" --prefix /opt/weather-test --destdir "$tmp/dest1"
if [ "$(id -u)" -eq 0 ]; then default_prefix=/usr/local; else default_prefix=$home/.local; fi
check_install "$tmp/dest2" "$default_prefix" --binary "$binary" --destdir "$tmp/dest2"

echo "test-packaging.sh: make install / make uninstall"
make -s install PREFIX=/usr/local DESTDIR="$tmp/dest3" BINARY="$binary" > "$tmp/make.log" 2>&1 ||
  { cat "$tmp/make.log" >&2; fail "make install failed"; }
[ -x "$tmp/dest3/usr/local/bin/weather-or-not" ] || fail "make install PREFIX= DESTDIR= did not install there"
make -s uninstall PREFIX=/usr/local DESTDIR="$tmp/dest3" > "$tmp/make.log" 2>&1 || { cat "$tmp/make.log" >&2; fail "make uninstall failed"; }
[ -z "$(find "$tmp/dest3" -type f)" ] || fail "make uninstall left $(find "$tmp/dest3" -type f)"
pass "make install and uninstall honour PREFIX and DESTDIR"

echo "test-packaging.sh: bad arguments"
for args in "--bogus" "--prefix" "--prefix relative/dir" "--destdir"; do
  set +e
  ./scripts/install.sh $args > "$tmp/bad.out" 2>&1
  status=$?
  set -e
  [ "$status" -eq 64 ] || fail "install.sh $args exited $status, not 64"
  [ "$(wc -l < "$tmp/bad.out")" -eq 1 ] || fail "install.sh $args printed more than one line: $(cat "$tmp/bad.out")"
done
set +e
./scripts/package-deb.sh --bogus > "$tmp/bad.out" 2>&1
status=$?
set -e
[ "$status" -eq 64 ] || fail "package-deb.sh --bogus exited $status, not 64"
./scripts/install.sh --help | grep -q "^Usage: scripts/install.sh" || fail "install.sh --help"
pass "usage errors exit 64 with one line; --help"

echo "test-packaging.sh: package-deb.sh"
./scripts/package-deb.sh --binary "$binary" --output "$tmp/deb" > "$tmp/deb.log" 2>&1 ||
  { cat "$tmp/deb.log" >&2; fail "package-deb.sh failed"; }
arch=$(dpkg --print-architecture)
deb=$tmp/deb/weather-or-not_${version}_$arch.deb
[ -f "$deb" ] || fail "no $deb (package-deb.sh said: $(cat "$tmp/deb.log"))"

dpkg-deb -c "$deb" | awk '$1 !~ /^d/ { print $1, $6 }' | sort > "$tmp/contents"
cat > "$tmp/expected" <<'EOF'
-rw-r--r-- ./usr/share/bash-completion/completions/weather-or-not
-rw-r--r-- ./usr/share/doc/weather-or-not/NOTICE
-rw-r--r-- ./usr/share/doc/weather-or-not/changelog.gz
-rw-r--r-- ./usr/share/doc/weather-or-not/copyright
-rw-r--r-- ./usr/share/fish/vendor_completions.d/weather-or-not.fish
-rw-r--r-- ./usr/share/man/de/man1/weather-or-not.1.gz
-rw-r--r-- ./usr/share/man/es/man1/weather-or-not.1.gz
-rw-r--r-- ./usr/share/man/fr/man1/weather-or-not.1.gz
-rw-r--r-- ./usr/share/man/it/man1/weather-or-not.1.gz
-rw-r--r-- ./usr/share/man/man1/weather-or-not.1.gz
-rw-r--r-- ./usr/share/man/pt_BR/man1/weather-or-not.1.gz
-rw-r--r-- ./usr/share/zsh/vendor-completions/_weather-or-not
-rwxr-xr-x ./usr/bin/weather-or-not
EOF
sort -o "$tmp/expected" "$tmp/expected"
diff -u "$tmp/expected" "$tmp/contents" >&2 || fail "the .deb does not hold exactly the expected files"
if dpkg-deb -c "$deb" | awk '{ print $2 }' | grep -v -q '^root/root$'; then fail "files in the .deb are not owned by root/root"; fi
pass "dpkg-deb -c: the $(wc -l < "$tmp/expected") files, modes, root/root"

field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = weather-or-not ] || fail "Package: $(field Package)"
[ "$(field Version)" = "$version" ] || fail "Version: $(field Version), the binary says $version"
[ "$(field Architecture)" = "$arch" ] || fail "Architecture: $(field Architecture)"
depends=$(field Depends)
[ -n "$depends" ] || fail "Depends is empty"
for library in libc6 libssl3 libedit2 zlib1g; do
  grep -q "\\b$library\\b" <<<"$depends" || fail "Depends lacks $library: $depends"
done
if grep -q -i swift <<<"$depends"; then fail "Depends names a Swift package: $depends"; fi
# The release binary's packed relocations (DT_RELR) need glibc 2.36; dpkg-shlibdeps alone says 2.35 (package-deb.sh).
dynamic=$(readelf -d "$binary")
if grep -q '(RELR)' <<<"$dynamic"; then
  grep -q "libc6 (>= 2\.36)" <<<"$depends" || fail "the binary packs its relocations (glibc 2.36) but Depends says: $depends"
fi
for name in Maintainer Installed-Size Section Priority Description; do
  [ -n "$(field "$name")" ] || fail "control field $name is empty"
done
pass "dpkg-deb -f: Version $version, Depends: $depends"

lintian "$deb" > "$tmp/lintian.out" 2>&1 || true
grep -v "running with root privileges is not recommended" "$tmp/lintian.out" | sed 's/^/    lintian: /' || true
if grep -q "^[EW]: " "$tmp/lintian.out"; then fail "lintian reports errors or warnings on the .deb"; fi
pass "lintian: no errors or warnings"

root=$tmp/deb-root
dpkg-deb -x "$deb" "$root"
dpkg-deb -e "$deb" "$tmp/deb-control"
(cd "$root" && md5sum --quiet -c "$tmp/deb-control/md5sums") || fail "md5sums do not match the unpacked files"
check_release_binary "$root/usr/bin/weather-or-not"
run_installed "$root/usr/bin/weather-or-not"
check_man_page "$root/usr/share/man/man1/weather-or-not.1.gz"
check_translated_man_pages "$root/usr/share/man" .gz
check_completions "$root/usr/share/bash-completion/completions/weather-or-not" \
  "$root/usr/share/zsh/vendor-completions/_weather-or-not" "$root/usr/share/fish/vendor_completions.d/weather-or-not.fish"
zcat "$root/usr/share/doc/weather-or-not/changelog.gz" | grep -q "^weather-or-not ($version)" || fail "changelog.gz is not for $version"
for provider in "OpenWeather (https://openweathermap.org), CC BY-SA 4.0." "Open-Meteo.com (CC BY 4.0)." "MET Norway (CC BY 4.0)."; do
  grep -q -F "$provider" "$root/usr/share/doc/weather-or-not/copyright" || fail "copyright lacks \"$provider\""
done
copyright=$root/usr/share/doc/weather-or-not/copyright
grep -q "^License: Apache-2.0\$" "$copyright" || fail "copyright has no License: Apache-2.0 paragraph"
grep -q -F "/usr/share/common-licenses/Apache-2.0" "$copyright" || fail "copyright does not point at /usr/share/common-licenses/Apache-2.0"
cmp -s NOTICE "$root/usr/share/doc/weather-or-not/NOTICE" || fail "the .deb's NOTICE differs from the repository's"
pass "the unpacked .deb runs; copyright names the three providers and Apache-2.0; NOTICE is the repository's"

echo "test-packaging.sh: all checks passed in $(($(date +%s) - started)) s"
