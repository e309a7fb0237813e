#!/usr/bin/env bash
# Builds igtrace's libotf2 shim: build.sh OUTPUT.so   (run by the Maven build of otf-reader)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$1
if ! command -v gcc >/dev/null || [ ! -f /usr/include/otf2/otf2.h ]; then
  echo "igtrace build: building the libotf2 shim needs gcc and the OTF2 headers;" \
       "install them with scripts/setup (Debian packages gcc libotf2-trace-dev)" >&2
  exit 1
fi
mkdir -p "$(dirname "$out")"
gcc -O2 -Wall -Wextra -Werror -std=c11 -shared -fPIC -o "$out.tmp" "$here/igtrace_otf2.c" -lotf2
mv "$out.tmp" "$out"
