#!/usr/bin/env bash
# The test suite under a sanitizer: `scripts/sanitize.sh address` or `scripts/sanitize.sh thread`.
# Builds into a throw-away build folder (the normal .build is left alone), runs every test, and
# fails when the sanitizer reports anything, even from a test that otherwise passed (a runner
# process reports on its own standard error, which lands in the same log).
#
# CI runs both (.ci/run). Measured in a clean clone (2026-11-27): address, 1082 s to build and
# 310 s to run all 550 tests (in .ci/run, beside nothing else); thread, 779 s to build and 904 s
# to run all 551, before NLUTests were left out. Earlier (2026-11-24): address, 324 s to build
# and 183 s to run all 351 tests (237 s on the CI machine, where two waits of 120 s ran out before the patience
# factor below), no memory error in the host, the skills, the runners or the servers the tests
# start. Thread: 465 s to build, 319 s to run all 360, nothing reported. Every lock is a pthread
# mutex (SkillModel's PlainLock and Locked), which ThreadSanitizer sees: with Synchronization's
# Mutex, whose futex it cannot see (the standard library is not instrumented), the accesses it
# guarded were reported as races; and a lock guarding a value of no size (Locked<Void>) was
# reported too, hence PlainLock. Runners inherit no descriptor of the host's: a run once hung
# with the symbolizer's pipes held by seven runners. (A sanitizer build's runner sets no memory
# limit: its shadow memory alone is past it.)
#
# The tests' own crashing skills must die by their signal, as they do without a sanitizer, so
# the sanitizer leaves SIGSEGV, SIGBUS and SIGABRT alone. Leak detection is off: the host keeps
# every skill image mapped and every services binding alive for the life of the process on purpose (ARCHITECTURE.md: Swift images must never be
# unloaded), which LeakSanitizer would report as leaks at exit. scripts/asan-suppressions.txt
# lets Swift's crash handler copy a crashed process's thread stacks, so a crash is reported as
# itself rather than as a stack-buffer-overflow in the report of it.
set -euo pipefail
cd "$(dirname "$0")/.."

sanitizer="${1:?usage: scripts/sanitize.sh address|thread}"
case "$sanitizer" in
  address|thread) ;;
  *) echo "scripts/sanitize.sh: unknown sanitizer '$sanitizer' (address or thread)" >&2; exit 2 ;;
esac

# SKILLHOST_SANITIZE_BUILD=DIR builds into DIR and keeps it (a second run only runs the tests);
# by default the build folder is a temporary one, removed at the end.
if [ -n "${SKILLHOST_SANITIZE_BUILD:-}" ]; then
  build="$SKILLHOST_SANITIZE_BUILD"
  mkdir -p "$build"
  cleanup() { :; }
else
  build="$(mktemp -d "${TMPDIR:-/tmp}/skillhost-$sanitizer-XXXXXX")"
  # SwiftPM leaves lock files named after the build folder in the temp folder; they go too.
  locks="${TMPDIR:-/tmp}/$(printf '%s' "$build" | tr / _)"
  cleanup() { rm -rf "$build"; rm -f "$locks".lock "$locks"_*.lock; }
fi
log="$build/test.log"
trap cleanup EXIT

# Every thread runs several times slower instrumented: the tests wait that much longer for
# what they wait on (a reload, an answer), and no longer bound anything else.
export SKILLHOST_TEST_PATIENCE="${SKILLHOST_TEST_PATIENCE:-4}"
export ASAN_OPTIONS="detect_leaks=0:handle_segv=0:handle_sigbus=0:handle_abort=0:suppressions=$PWD/scripts/asan-suppressions.txt:${ASAN_OPTIONS:-}"
export TSAN_OPTIONS="halt_on_error=0:second_deadlock_stack=1:handle_segv=0:handle_sigbus=0:handle_abort=0:${TSAN_OPTIONS:-}"

# ThreadSanitizer's runtime is linked into each executable (the test runner, skillhost); the
# instrumented skill libraries it dlopens need its __tsan_* symbols, so executables export theirs.
flags=()
[ "$sanitizer" = thread ] && flags=(-Xlinker --export-dynamic)
# The NLU unoptimized under ThreadSanitizer (Package.swift says why). Unoptimized, the NLU's own
# suite was 106 of the debug suite's 690 s of CPU, and TSan slows its array work most (its share
# of the TSan run is not measured); its threads share nothing but through locks (the cache's
# training lock, the results of skills trained or parsed side by side, a sentence's spans read as
# times), so only NLUCacheTests of it run here (every host in the other suites still parses and trains
# under TSan, and the whole NLU suite runs under AddressSanitizer).
skips=()
[ "$sanitizer" = thread ] && export SKILLHOST_UNOPTIMIZED_NLU=1 && skips=(--skip 'NLUTests\.(?!NLUCacheTests)')
# SKILLHOST_SANITIZE_DEADLINE=EPOCH-SECONDS bounds the stage (CI's 90 minutes hold every stage):
# too near for a build (13 to 18 minutes in a clean clone) and some tests, it is skipped rather
# than built past the deadline; else the test run stops there, and what ran is judged as a whole
# run is (a finding or a failed test fails it); the tests it did not reach are said to be unrun.
secondsLeft() { echo $(( SKILLHOST_SANITIZE_DEADLINE - $(date +%s) )); }
if [ -n "${SKILLHOST_SANITIZE_DEADLINE:-}" ] && [ "$(secondsLeft)" -lt 1200 ]; then
  echo "$sanitizer sanitizer: skipped, $(secondsLeft) s left before the deadline, less than a build and some tests take"
  exit 0
fi
swift build --build-tests --sanitize="$sanitizer" "${flags[@]}" --build-path "$build" 2>&1 | grep -E "error|warning: .*sanitiz|Build complete" || true
limit=()
if [ -n "${SKILLHOST_SANITIZE_DEADLINE:-}" ]; then
  left=$(secondsLeft)
  if [ "$left" -lt 60 ]; then
    echo "$sanitizer sanitizer: built, but no time is left before the deadline to run the tests"
    exit 0
  fi
  limit=(timeout --signal=INT --kill-after=30 "$left")
fi
set +e
"${limit[@]}" swift test --skip-build --sanitize="$sanitizer" "${flags[@]}" "${skips[@]}" --build-path "$build" > "$log" 2>&1
status=$?
set -e
stopped=false
if [ "${#limit[@]}" -gt 0 ] && { [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; }; then
  stopped=true
  # What the stopped tests started goes with them: processes run from the build folder (skill
  # runners, servers) and the PostgreSQL clusters of test processes no longer alive.
  pkill -KILL -f -- "$build/" 2>/dev/null || true
  for folder in /tmp/skillhost-pg-*; do
    [ -d "$folder" ] || continue
    owner=$(basename "$folder" | cut -d- -f3)
    kill -0 "$owner" 2>/dev/null && continue
    if [ -f "$folder/data/postmaster.pid" ]; then kill -QUIT "$(head -1 "$folder/data/postmaster.pid")" 2>/dev/null || true; fi
    rm -rf "$folder"
  done
fi
grep -E "Test run with|✘ Test .*(failed|recorded)" "$log" | tail -20 || true
findings=$(grep -cE "ERROR: (AddressSanitizer|LeakSanitizer)|WARNING: ThreadSanitizer" "$log" || true)
if [ "$findings" -gt 0 ]; then
  # What is printed must say what raced or broke even when only part of it is shown: each
  # finding's one-line summary first, then the first report whole, its frames shortened to the
  # function and the file:line (the test runner's own lines, interleaved in the log, left out).
  echo "$sanitizer sanitizer: $findings finding(s):"
  grep -E "^SUMMARY: (AddressSanitizer|ThreadSanitizer)" "$log" | sort | uniq -c | sort -rn | head -20
  echo "the first report:"
  awk '/ERROR: (AddressSanitizer|LeakSanitizer)|WARNING: ThreadSanitizer/ { on = 1 }
       on && /^SUMMARY:/ { print; exit }
       on && !/^(◇|✔|✘|↳)/ { print }' "$log" \
    | sed -E 's/ \(skillhostPackageTests\.xctest\+0x[0-9a-f]+\)//; s/ \(BuildId: [0-9a-f]+\)//; s#/[^ ]*/(Sources|Tests|Benchmarks|Skills)/#\1/#' \
    | if command -v swift-demangle >/dev/null 2>&1; then swift-demangle --simplified; else cat; fi \
    | cut -c1-240 | head -120
  exit 1
fi
if $stopped; then
  passed=$(grep -cE "^✔ Test .* passed" "$log" || true)
  if grep -qE "^✘ Test .*(failed|recorded)" "$log"; then echo "the tests failed under the $sanitizer sanitizer before the deadline"; tail -50 "$log"; exit 1; fi
  echo "$sanitizer sanitizer: no findings in the $passed tests that passed before the deadline stopped the run (the rest were not run)"
  exit 0
fi
[ "$status" -eq 0 ] || { echo "the tests failed under the $sanitizer sanitizer (exit $status)"; tail -50 "$log"; exit "$status"; }
echo "$sanitizer sanitizer: no findings"
