#!/usr/bin/env bash
# The fuzz suites, longer than in CI: tests/scripts/fuzz.sh [scale]
# Runs every bad-input suite (paks, IoStore containers, legacy and Zen packages, texture packages,
# locres, usmap, UAssetGUI JSON, images, request lines) with each per-kind budget multiplied by
# [scale] (default 10; CI runs scale 1), and prints the table of inputs per kind with how many were
# read, refused with a clear error, and anything else (INTERNAL, a crash, a hang: must be 0; the
# suites fail on any). Time limits of the suites are turned off for the long run.
# Uses the fixtures (UASSETD_FIXTURES, default ../shared/fixtures) and builds what it needs.
# UASSETD_FUZZ_ALSO=Test1,Test2 runs more e2e tests in the same build.
set -euo pipefail
scale="${1:-10}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
export UASSETD_REQUIRE_FIXTURES=1
report="$root/target/fuzz-report.tsv"
mkdir -p "$root/target"
rm -f "$report"
suites='BadInputFuzzTest,TextureFuzzTest,ImageFuzzTest,LocResFuzzTest'
e2e='RequestLineFuzzTest,DaemonFuzzTest'
start=$(date +%s)
# -Dtest names only the unit suites: surefire would otherwise run the e2e suites too (-Dtest overrides its excludes)
./mvnw -q -B -o -pl tests -am verify -Dtest="$suites" -Dit.test="$e2e${UASSETD_FUZZ_ALSO:+,$UASSETD_FUZZ_ALSO}" \
  -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false \
  -Duassetd.fuzz.scale="$scale" -Duassetd.fuzz.report="$report" \
  -Djunit.jupiter.execution.timeout.mode=disabled
took=$(( $(date +%s) - start ))
echo
echo "Fuzz run at scale $scale ($took s, load average:$(uptime | sed 's/.*load average://'))"
echo
printf '| %-45s | %9s | %9s | %9s | %5s |\n' "input kind" "inputs" "read" "refused" "other"
printf '|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..47})" "-----------" "-----------" "-----------" "-------"
awk -F'\t' '{ k[$1] = 1; n[$1] += $2; a[$1] += $3; r[$1] += $4; o[$1] += $5; order[NR] = $1 }
  END { for (i = 1; i <= NR; i++) { x = order[i]; if (x in k) { printf "| %-45s | %9d | %9d | %9d | %5d |\n", x, n[x], a[x], r[x], o[x]; delete k[x]; t += n[x]; bad += o[x] } }
        printf "| %-45s | %9d | %9s | %9s | %5d |\n", "total", t, "", "", bad }' "$report"
