#!/usr/bin/env bash
# Memory soak with a budget: tests/scripts/soak-memory.sh [memory-mb] [seconds] [in-flight]
# Starts the daemon through the launcher with --memory-mb, keeps [in-flight] decode-heavy requests
# running for [seconds] (batch PNG extraction of the UE5.8 fixture textures, and an inject_texture
# of an 18-byte TGA declaring 65535x65535, which must be refused as TOO_LARGE), samples the
# daemon's RSS every 0.2 s and prints the highest RSS against the budget; exits 1 when over it.
# Needs the built jar (./mvnw -DskipTests package) and the fixtures.
set -euo pipefail
budget="${1:-512}"
secs="${2:-60}"
inflight="${3:-4}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
fixtures="${UASSETD_FIXTURES:-$root/../shared/fixtures}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
printf '\0\0\2\0\0\0\0\0\0\0\0\0\377\377\377\377\040\0' > "$work/huge.tga"
coproc D { UASSETD_STATE_DIR="$work/state" exec "$root/uassetd" serve --memory-mb "$budget" 2>"$work/stderr"; }
pid=$D_PID
exec 3<&"${D[0]}" 4>&"${D[1]}"
( while kill -0 "$pid" 2>/dev/null; do
    r=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
    echo "${r:-0}" >> "$work/rss"
    sleep 0.2
  done ) &
sampler=$!
id=0
send() { id=$((id + 1)); printf '%s\n' "{\"id\":$id,$1}" >&4; }
send "\"action\":\"extract_iostore_legacy\",\"game_paks\":\"$fixtures/cue4parse/UE5_8/IoStore/Tagged\",\"output_path\":\"$work/src\",\"engine_version\":\"UE5_8\",\"aes_key\":\"435545345061727365466978747572654145534b657930313233343536373839\",\"filter_patterns\":[\"/Game/Fixtures/Textures/\"]"
read -r line <&3
echo "prepared: ${line:0:160}"
end=$((SECONDS + secs))
sent=0; ok=0; too_large=0; other=0
while (( SECONDS < end )); do
  for ((k = 0; k < inflight; k++)); do
    if (( (sent + k) % 5 == 4 )); then
      send "\"action\":\"inject_texture\",\"file_path\":\"$work/src/Game/Fixtures/Textures/T_Streaming.uasset\",\"image_path\":\"$work/huge.tga\",\"output_path\":\"$work/inj/x.uasset\",\"engine_version\":\"UE5_8\""
    else
      send "\"action\":\"batch_extract_texture_png\",\"file_paths\":[\"$work/src\"],\"output_path\":\"$work/out$(( (sent + k) % 8 ))\",\"engine_version\":\"UE5_8\""
    fi
  done
  for ((k = 0; k < inflight; k++)); do
    read -r line <&3
    if [[ "$line" == *'"success":true'* ]]; then ok=$((ok + 1));
    elif [[ "$line" == *TOO_LARGE* ]]; then too_large=$((too_large + 1));
    else other=$((other + 1)); echo "other: ${line:0:300}"; fi
  done
  sent=$((sent + inflight))
done
kill "$sampler" 2>/dev/null || true
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
max=$(sort -n "$work/rss" | tail -1)
echo "requests: $sent ($ok ok, $too_large TOO_LARGE, $other other); load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "max RSS: $((max / 1024)) MiB; budget (--memory-mb): $budget MiB"
if (( max / 1024 > budget )); then echo "RSS over the budget"; exit 1; fi
