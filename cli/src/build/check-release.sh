#!/usr/bin/env bash
# Checks the release tarball (run by `mvn verify`): it holds the launcher, the jar, the class
# list, the man page, the completion script and the license, and `bin/igtrace --version` from an
# unpacked copy prints "igtrace VERSION" without Maven or the source tree.
# Usage: check-release.sh TARBALL VERSION
set -euo pipefail
tarball=$1 version=$2
base="igtrace-$version"
listing=$(tar -tzf "$tarball")
for f in bin/igtrace lib/igtrace.jar lib/igtrace.classlist share/man/man1/igtrace.1 \
         share/bash-completion/completions/igtrace share/doc/igtrace/LICENSE share/doc/igtrace/docs/definitions.md share/doc/igtrace/docs/graph.md; do
  grep -qx "$base/$f" <<<"$listing" || { echo "check-release: $tarball lacks $base/$f" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xzf "$tarball" -C "$work"
# the class list fit for every JDK from 17 on, whichever built it (startup-files.sh): a JDK 25 refused ids two
# classes share, JDK 17 the @cp lines of JDK 25
if grep -qE ' id: [0-9]+$|^@cp ' "$work/$base/lib/igtrace.classlist"; then
  echo "check-release: lib/igtrace.classlist holds a JDK's class ids or @cp lines (not every JDK can dump it)" >&2; exit 1
fi
[ -x "$work/$base/bin/igtrace" ] || { echo "check-release: bin/igtrace is not executable" >&2; exit 1; }
got=$(cd "$work" && env -u IGTRACE_JAVA_OPTS PATH="$PATH" "$work/$base/bin/igtrace" --version)
[ "$got" = "igtrace $version" ] || { echo "check-release: bin/igtrace --version printed '$got', expected 'igtrace $version'" >&2; exit 1; }
grep -q '^\.TH IGTRACE 1' "$work/$base/share/man/man1/igtrace.1" || { echo "check-release: the man page has no .TH line" >&2; exit 1; }
grep -q 'threads' "$work/$base/share/man/man1/igtrace.1" || { echo "check-release: the man page lacks the options" >&2; exit 1; }
grep -q 'complete -F' "$work/$base/share/bash-completion/completions/igtrace" || { echo "check-release: no completion function" >&2; exit 1; }
if command -v groff >/dev/null; then
  problems=$(groff -man -ww -z "$work/$base/share/man/man1/igtrace.1" 2>&1 || true)
  [ -z "$problems" ] || { echo "check-release: groff warns about the man page: $problems" >&2; exit 1; }
fi
# The README's release route as a fresh account runs it (issue 39 item 2: `tar -C ~/.local/opt` failed
# where that folder did not exist yet): the sh block under "Installing a release", run by bash with
# HOME an empty folder and the tarball in the working folder; then igtrace from the PATH, its
# completion and its man page must be there.
readme=$(cd "$(dirname "$0")/../../.." && pwd)/README.md
route=$(awk '/^### Installing a release/ {f = 1} f && /^```sh/ {g = 1; next} g && /^```/ {exit} g' "$readme")
[ -n "$route" ] || { echo "check-release: README.md has no sh block under 'Installing a release'" >&2; exit 1; }
grep -q "igtrace-$version.tar.gz" <<<"$route" || { echo "check-release: README.md's release route does not name igtrace-$version.tar.gz" >&2; exit 1; }
mkdir "$work/home" "$work/download"
cp "$tarball" "$work/download/"
checks='igtrace --version; complete -p igtrace >/dev/null && echo completion; [ -f "${MANPATH%%:*}/man1/igtrace.1" ] && echo man'
if ! got=$(cd "$work/download" && env -i HOME="$work/home" PATH="$work/home/.local/bin:$PATH" TMPDIR="$work" \
    bash -ec "$route"$'\n'"$checks" 2>&1); then
  echo "check-release: README.md's release route failed on a fresh account: $got" >&2; exit 1
fi
[ "$got" = "igtrace $version"$'\n'"completion"$'\n'"man" ] \
  || { echo "check-release: after README.md's release route: '$got', expected the version, completion and man page" >&2; exit 1; }
# Every relative link of the installed pages names a file of the release (the pages linked into bench/history/,
# which was not packed: 54 links dead).
dead=""
while IFS= read -r md; do
  while IFS= read -r target; do
    t=${target%%#*}
    case $t in "" | http://* | https://* | mailto:*) continue ;; esac
    [ -e "$(dirname "$md")/$t" ] || dead+="${md#"$work/$base/"} -> $t"$'\n'
  done < <(grep -oE '\]\([^)[:space:]]+\)' "$md" | sed -E 's/^\]\((.*)\)$/\1/')
done < <(find "$work/$base/share/doc" -name '*.md')
[ -z "$dead" ] || { echo "check-release: links of the installed pages name files the release lacks:"$'\n'"$dead" >&2; exit 1; }
echo "check-release: $tarball holds the launcher, jar, class list, man page, completion and license; bin/igtrace --version works;"
echo "check-release: README.md's release route works on a fresh account"
