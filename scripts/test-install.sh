#!/usr/bin/env bash
# `make install` into a temporary DESTDIR under a PREFIX, as a packager runs it, then
# the installed binary from there: it finds its font, prints its version, has its
# manual page and completion; a copy standing alone falls back to sans-serif with a
# note; `make uninstall` removes it all.
set -euo pipefail
cd "$(dirname "$0")/.."
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
prefix=/opt/textlayout
make --no-print-directory install PREFIX="$prefix" DESTDIR="$stage" >"$stage/make.log" 2>&1 \
    || { tail -20 "$stage/make.log"; exit 1; }
root="$stage$prefix"
fail() { echo "install test: $*" >&2; exit 1; }

for file in bin/textlayout share/textlayout/DejaVuSans.ttf share/textlayout/LICENSE-DejaVu.txt \
            share/man/man1/textlayout.1 share/bash-completion/completions/textlayout; do
    [ -e "$root/$file" ] || fail "$file was not installed"
done
! ldd "$root/bin/textlayout" | grep -q libswiftCore || fail "the binary needs the Swift runtime's shared libraries"

text='An installed textlayout wraps this at a width.'
printf '%s' "$text" | "$root/bin/textlayout" wrap --width 120 --no-system-fallback - >"$stage/out" 2>"$stage/err"
[ -s "$stage/out" ] && [ ! -s "$stage/err" ] || fail "the installed binary did not wrap quietly: $(cat "$stage/err")"
"$root/bin/textlayout" --version | head -1 | grep -q '^textlayout ' || fail "--version"
man -l "$root/share/man/man1/textlayout.1" 2>&1 | grep -q 'cards sheet' || fail "the manual page"
bash -n "$root/share/bash-completion/completions/textlayout" || fail "the completion script"

cp "$root/bin/textlayout" "$stage/textlayout"
printf '%s' "$text" | "$stage/textlayout" wrap --width 120 - >"$stage/alone" 2>"$stage/err"
grep -q "^textlayout: note: the bundled font is not installed" "$stage/err" || fail "no note when standing alone"
[ -s "$stage/alone" ] || fail "standing alone, nothing was wrapped"

make --no-print-directory uninstall PREFIX="$prefix" DESTDIR="$stage" >/dev/null
[ ! -e "$root/bin/textlayout" ] && [ ! -e "$root/share/textlayout" ] || fail "uninstall left files"
echo "install test: make install, the installed binary and make uninstall work"
