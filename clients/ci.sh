#!/usr/bin/env bash
# Runs every client's tests against the packaged daemon (after ./mvnw verify built daemon/target/uassetd.jar),
# then builds and smoke-tests the self-contained distribution. Called by .ci/run; runs as root on a fresh
# machine, so it installs what it needs with apt-get when missing. Prints each part's wall time.
# The Java client's tests (unit tests and the conformance scenario) run inside ./mvnw verify.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export UASSETD_REQUIRE_FIXTURES="${UASSETD_REQUIRE_FIXTURES:-1}"
export UASSETD_FIXTURES="${UASSETD_FIXTURES:-../shared/fixtures}"
[[ -f daemon/target/uassetd.jar ]] || { echo "clients/ci.sh: daemon/target/uassetd.jar is missing; run ./mvnw verify first" >&2; exit 2; }

apt_updated=""
need_pkgs() { # installs the Debian packages among "$@" that are not installed
  local missing=()
  for p in "$@"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p"); done
  if (( ${#missing[@]} )); then
    if [[ -z "$apt_updated" ]]; then apt-get update -q; apt_updated=1; fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
  fi
}

declare -A took
timed() { local name="$1"; shift; local t0; t0=$(date +%s); "$@"; took[$name]=$(( $(date +%s) - t0 )); echo "== $name: ${took[$name]} s"; }

# Python (standard library client; pytest from Debian)
need_pkgs python3 python3-pytest
py_tests() { (cd clients/python && /usr/bin/python3 -m pytest -q -p no:cacheprovider tests); }
timed python py_tests

# TypeScript (typescript and @types/node from the npm registry, for building and testing only)
command -v node >/dev/null && command -v npm >/dev/null || need_pkgs nodejs npm
ts_tests() { (cd clients/typescript && npm ci --no-audit --no-fund --loglevel=error && npm test --silent); }
timed typescript ts_tests

# Rust (serde and serde_json from Debian's librust-*-dev packages, cargo --offline; see clients/rust/.cargo)
need_pkgs librust-serde-dev librust-serde-derive-dev librust-serde-json-dev
cargo_bin="$(command -v cargo || true)"
[[ -n "$cargo_bin" ]] || { [[ -x "${HOME:-/root}/.cargo/bin/cargo" ]] && cargo_bin="${HOME:-/root}/.cargo/bin/cargo"; } || true
if [[ -z "$cargo_bin" ]]; then need_pkgs cargo; cargo_bin="$(command -v cargo)"; fi
rust_tests() { (cd clients/rust && "$cargo_bin" test --offline --quiet --test '*'); }
timed rust rust_tests

# The self-contained distribution: jlink runtime, CDS archive, launchers; unpacked and run with an empty environment.
dist_build() { ./mvnw -q -B -Pdist -pl dist package -DskipTests; }
timed dist-build dist_build
timed dist-smoke dist/smoke-test.sh

echo "client tests: python ${took[python]} s, typescript ${took[typescript]} s, rust ${took[rust]} s; dist build ${took[dist-build]} s, smoke test ${took[dist-smoke]} s"
