#!/usr/bin/env bash
# Fuzzes what skillhost reads from outside (Fuzz/SkillModelFuzz.swift: JSON, envelopes,
# manifests, storage requests, interaction models, SSML) with libFuzzer and AddressSanitizer,
# starting from the committed corpus in Fuzz/corpus. Bounded and repeatable: a fixed seed and a
# fixed number of runs (`scripts/fuzz.sh [runs]`, 300000 by default). A crash, a hang
# (-timeout, 10 s) or memory past 2 GB fails it, with the input that did it printed in hex.
# Everything it makes goes in a temporary folder, removed at the end; new inputs it finds are
# not added to Fuzz/corpus (copy them from a run by hand if they are worth keeping).
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-300000}"
work="$(mktemp -d "${TMPDIR:-/tmp}/skillhost-fuzz-XXXXXX")"
trap 'rm -rf "$work"' EXIT

swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name SkillModel \
  $(find Sources/SkillModel -name '*.swift' | sort) Fuzz/SkillModelFuzz.swift \
  -o "$work/fuzz" 2>&1 | grep -v "Cannot export local symbol" || true
cp -R Fuzz/corpus "$work/corpus"
set +e
ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" "$work/fuzz" "$work/corpus" \
  -seed=1 -runs="$runs" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="$work/" -print_final_stats=1 > "$work/log" 2>&1
status=$?
set -e
grep -E "^Done|stat::number_of_executed_units|stat::peak_rss_mb" "$work/log" || true
if [ "$status" -ne 0 ]; then
  tail -60 "$work/log"
  for input in "$work"/crash-* "$work"/timeout-* "$work"/oom-* "$work"/leak-*; do
    [ -e "$input" ] && { echo "input that failed ($(basename "$input")):"; od -An -tx1 "$input" | head -20; }
  done
  echo "fuzz: failed"
  exit 1
fi
echo "fuzz: $runs runs, no crash, hang or memory blow-up"
