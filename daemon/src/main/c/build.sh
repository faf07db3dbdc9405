#!/usr/bin/env bash
# Builds the native front-end of one-shot commands (docs/server.md): daemon/target/uassetd-front.
# Run by the daemon module's package phase (Unix). Without a C compiler it says so and builds nothing:
# the launcher then runs every command in-process, as before.
set -euo pipefail
module="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
src="$module/src/main/c/uassetd-front.c"
out="$module/target/uassetd-front"
cc="${CC:-cc}"
if [[ -n "${UASSETD_SKIP_FRONT:-}" ]]; then
  echo "[uassetd-front] skipped (UASSETD_SKIP_FRONT): one-shot commands run in-process" >&2
  rm -f "$out"
  exit 0
fi
if ! command -v "$cc" >/dev/null 2>&1; then
  echo "[uassetd-front] no C compiler ('$cc' not found): the native front-end is not built, and one-shot commands run in-process without the resident server (install cc and rebuild to get it)" >&2
  rm -f "$out"
  exit 0
fi
if [[ -x "$out" && "$out" -nt "$src" ]]; then
  exit 0
fi
mkdir -p "$module/target"
if ! "$cc" -O2 -Wall -Wextra -o "$out.tmp" "$src"; then
  rm -f "$out.tmp" "$out"
  echo "[uassetd-front] WARNING: $cc could not compile $src (above): the native front-end is not built, and one-shot commands run in-process without the resident server" >&2
  exit 0
fi
mv -f "$out.tmp" "$out"
echo "[uassetd-front] built $out" >&2
