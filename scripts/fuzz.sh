#!/usr/bin/env bash
# Fuzzes what skillhost reads from outside with libFuzzer and AddressSanitizer, from committed
# corpora, with a fixed seed and a bounded number of inputs (`scripts/fuzz.sh [runs]`, 300000 by
# default):
#   Fuzz/SkillModelFuzz.swift  JSON (with a write-back round trip), request and response
#                              envelopes, manifests, storage requests, interaction models, SSML;
#                              corpus Fuzz/corpus, `runs` inputs
#   Fuzz/NLUFuzz.swift         the NLU's parse of any text within the utterance limit, by two
#                              real models and the index across them, and mid-dialog (each
#                              slot's answer, a change of mind); corpus Fuzz/nlu-corpus,
#                              runs / 60 inputs (each is several whole parses: 16 a second
#                              in the CI run of 2026-11-27, where runs / 30 took ten minutes
#                              and the run went past its 90)
#   Fuzz/FramesFuzz.swift      the frame reader on a runner's pipe: any bytes, read back as the
#                              frames written, then an end or a frame named malformed;
#                              corpus Fuzz/frames-corpus, runs / 10 inputs (each is a pipe)
#   Fuzz/SpokenSSMLFuzz.swift  what espeak-ng is given of a skill's speech: one <speak> element
#                              with only the tags espeak-ng should see, closed in order;
#                              corpus Fuzz/ssml-corpus, runs / 10 inputs
#   Fuzz/AudioInputFuzz.swift  the WAV reader (a file to `listen`, a body POSTed as speech):
#                              refused by name or read as 16 kHz samples; corpus
#                              Fuzz/audio-corpus, runs / 10 inputs
# A crash, a hang (-timeout, 10 s) or memory past 2 GB fails it, with the input printed in hex.
# Everything it makes goes in a temporary folder, removed at the end; new inputs it finds are
# not added to the corpora (copy them from a run by hand if they are worth keeping).
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-300000}"
work="$(mktemp -d "${TMPDIR:-/tmp}/skillhost-fuzz-XXXXXX")"
trap 'rm -rf "$work"' EXIT
flags=(-O -sanitize=fuzzer,address -parse-as-library)
quiet() { grep -v "Cannot export local symbol" || true; }

swiftc "${flags[@]}" -module-name SkillModel -emit-module -emit-module-path "$work/SkillModel.swiftmodule" \
  -emit-library -static -o "$work/libSkillModel.a" $(find SkillKit/Sources/SkillModel -name '*.swift' | sort) 2>&1 | quiet
swiftc "${flags[@]}" -module-name SkillModelFuzz -I "$work" Fuzz/SkillModelFuzz.swift "$work/libSkillModel.a" \
  -o "$work/skillmodel-fuzz" 2>&1 | quiet
swiftc "${flags[@]}" -module-name NLU -I "$work" $(find Sources/NLU -name '*.swift' | sort) Fuzz/NLUFuzz.swift \
  "$work/libSkillModel.a" -o "$work/nlu-fuzz" 2>&1 | quiet
swiftc "${flags[@]}" -module-name Loader -I "$work" Sources/Loader/Isolation/Frames.swift Fuzz/FramesFuzz.swift \
  "$work/libSkillModel.a" -o "$work/frames-fuzz" 2>&1 | quiet
swiftc "${flags[@]}" -module-name Voice Sources/Voice/SpokenSSML.swift Fuzz/SpokenSSMLFuzz.swift \
  -o "$work/ssml-fuzz" 2>&1 | quiet
swiftc "${flags[@]}" -module-name Voice Sources/Voice/AudioInput.swift Fuzz/AudioInputFuzz.swift \
  -o "$work/audio-fuzz" 2>&1 | quiet

# fuzz NAME CORPUS RUNS MAX_LEN
fuzz() {
  local name="$1" corpus="$2" count="$3" length="$4"
  cp -R "$corpus" "$work/$name-corpus"
  set +e
  ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" "$work/$name-fuzz" "$work/$name-corpus" \
    -seed=1 -runs="$count" -max_len="$length" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$work/$name-" -print_final_stats=1 > "$work/$name.log" 2>&1
  local status=$?
  set -e
  if [ "$status" -ne 0 ]; then
    tail -60 "$work/$name.log"
    for input in "$work/$name"-crash-* "$work/$name"-timeout-* "$work/$name"-oom-*; do
      [ -e "$input" ] && { echo "input that failed ($(basename "$input")):"; od -An -tx1 "$input" | head -20; }
    done
    echo "fuzz $name: failed"
    exit 1
  fi
  local rate
  rate=$(grep -E "stat::average_exec_per_sec" "$work/$name.log" | awk '{print $2}')
  echo "fuzz $name: $count inputs ($rate a second), no crash, hang or memory blow-up"
}

fuzz skillmodel Fuzz/corpus "$runs" 65536
fuzz nlu Fuzz/nlu-corpus "$((runs / 60))" 1000
fuzz frames Fuzz/frames-corpus "$((runs / 10))" 65536
fuzz ssml Fuzz/ssml-corpus "$((runs / 10))" 4096
fuzz audio Fuzz/audio-corpus "$((runs / 10))" 8192
