#!/usr/bin/env bash
# Smoke test of the self-contained distribution: unpacks dist/uassetd-*-linux-x64.tar.gz into a temporary
# folder and runs bin/uassetd with an empty environment (no PATH, no JAVA_HOME): a CLI command, a daemon
# session on a real fixture pak, the AOT cache (Java 25+ runtime) used, or the class-data-sharing archive
# remade for the new folder and used by the next run, and the Python client finding the daemon through UASSETD_HOME.
# Usage: dist/smoke-test.sh [archive]   (UASSETD_FIXTURES as for the tests)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
archive="${1:-$(ls "$root"/dist/uassetd-*-linux-x64.tar.gz | head -n 1)}"
fixtures="${UASSETD_FIXTURES:-../shared/fixtures}"
case "$fixtures" in /*) ;; *) fixtures="$root/$fixtures" ;; esac
pak="$fixtures/repak/packs/pack_v11.pak"
work="$(mktemp -d)"
rt="$work/rt" # the resident server's runtime folder (docs/server.md), so that the servers started here are stopped here
stop_server() { for f in "$rt"/*.pid; do [[ -f "$f" ]] && kill "$(cat "$f")" 2>/dev/null; done; return 0; }
trap 'stop_server; rm -rf "$work"' EXIT
fail() { echo "dist smoke test FAILED: $*" >&2; exit 1; }

tar -xzf "$archive" -C "$work"
home="$(ls -d "$work"/uassetd-*)"
[[ -x "$home/bin/uassetd" && -f "$home/bin/uassetd.cmd" && -f "$home/lib/uassetd.jar" ]] || fail "layout"
aot=0
if [[ -f "$home/lib/uassetd.aot" ]]; then aot=1; elif [[ ! -f "$home/lib/uassetd.jsa" ]]; then fail "neither an AOT cache nor a CDS archive in lib/"; fi
[[ -f "$home/README.md" && -f "$home/THIRD-PARTY.md" && -d "$home/licenses" && -d "$home/runtime/legal" ]] || fail "README/licenses"

out="$(env -i UASSETD_RUNTIME_DIR="$rt" "$home/bin/uassetd" cityhash /Game/UI/Menu_EscapeMenu/MENU_EscapeMenu --json </dev/null)"
[[ "$out" == *'"hash_hex":"0x80E800043D46FA72"'* ]] || fail "CLI cityhash: $out"

session() {
  printf '%s\n' '{"action":"ping"}' "{\"id\":1,\"action\":\"list_pak\",\"file_path\":\"$pak\",\"paths_only\":true}" '{"action":"shutdown"}' \
    | env -i UASSETD_JAVA_OPTS="${1:-}" "$home/bin/uassetd" serve 2>"$work/stderr"
}
replies="$(session)"
[[ "$(grep -c '"success":true' <<<"$replies")" == 3 ]] || fail "session replies: $replies"
[[ "$replies" == *'"files":["directory/nested.txt","test.png","test.txt","zeros.bin"]'* ]] || fail "list_pak: $replies"
if (( aot )); then
  # A Java 25+ runtime: the AOT cache trained at build time serves this folder too (no remaking).
  session "-Xlog:class+load=info:stderr" >/dev/null
  shared=$(grep -c 'source: shared objects file' "$work/stderr" || true)
  (( shared > 500 )) || fail "the AOT cache was not used (${shared} classes from it)"
  grep -q 'restricted method\|sun.misc.Unsafe' "$work/stderr" && fail "start-up warnings: $(head -3 "$work/stderr")"
  what="from the AOT cache"
else
  # The first run in this folder remade the archive for it; the next run maps it.
  [[ "$(cat "$home/lib/uassetd.jsa.home")" == "$(cd "$home" && pwd -P)" ]] || fail "CDS archive not remade for $home"
  session "-Xlog:class+load=info:stderr" >/dev/null
  shared=$(grep -c 'source: shared objects file (top)' "$work/stderr" || true)
  (( shared > 500 )) || fail "the dynamic CDS archive was not used (${shared} classes from it)"
  what="from the CDS archive"
fi

# One-shot commands through the native front-end and the resident server (docs/server.md), when built:
# the same output as in-process, the server started on first use in a private folder, stopped here.
if [[ -x "$home/bin/uassetd-front" ]]; then
  want="$(env -i "$home/bin/uassetd" list_pak "$pak" --paths-only --no-server </dev/null)"
  for i in 1 2; do
    got="$(env -i UASSETD_RUNTIME_DIR="$rt" "$home/bin/uassetd" list_pak "$pak" --paths-only </dev/null)"
    [[ "$got" == "$want" ]] || fail "list_pak through the server (run $i): $got"
  done
  [[ -S "$(ls "$rt"/*.sock)" && "$(stat -c %a "$rt")" == 700 ]] || fail "the server's socket in a 0700 folder: $(ls -la "$rt")"
  stop_server
fi

py="$(command -v /usr/bin/python3 || command -v python3 || true)"
if [[ -n "$py" ]]; then
  env -i UASSETD_HOME="$home" PYTHONPATH="$root/clients/python" "$py" -c '
from uassetd_client import Client
with Client() as c:
    assert c.call("ping").data == {"pong": True}
    assert c.cityhash("/Game/_AssemblyStorm/TestMod/LIB_Hooks").data["hash_hex"] == "0x4AAF10FD2F66632E"
' || fail "Python client through UASSETD_HOME"
fi
echo "dist smoke test passed: $(basename "$archive") ($(( $(stat -c %s "$archive") / 1048576 )) MiB), ${shared} classes ${what}"
