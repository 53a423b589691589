#!/usr/bin/env bash
# Runs the fuzz targets built by `make fuzz-build`, each for SECONDS, JOBS at a time
# (default 2: one per core of a CI machine), and prints one line per target: its
# executions and whether it crashed. New inputs worth keeping go to
# Fuzz/.build/corpus/<target> (kept between runs, never checked in); a crash is
# written to Fuzz/.build/crashes/ and ends the script with status 1 after the others
# finish, with the command that replays it.
#
#   Fuzz/run.sh SECONDS [TARGET…]     targets: layout editing fonts cards markup (default all)
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:?usage: Fuzz/run.sh SECONDS [TARGET…]}"
shift
targets=("${@:-layout editing fonts cards markup}")
read -r -a targets <<< "${targets[*]}"
jobs="${FUZZ_JOBS:-2}"
bin=.build/release
mkdir -p .build/crashes .build/logs

# The Swift runtime's backtracer would catch the crash before libFuzzer saves the
# input. Leak checks are off, in AddressSanitizer and in libFuzzer both: the layout
# core's caches live for the process on purpose (issue 14 item 3), so every input
# that fills one allocates more than it frees, and libFuzzer's own -detect_leaks
# (on unless told) runs each such input a second time to look for a leak — a third
# of fuzz-layout's time. An allocation's report keeps two frames of its stack, not
# 30: detection is the same, and unwinding at every malloc was a tenth of the run;
# a crash's replay (below) runs with ASan's defaults and gives the whole stacks.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:malloc_context_size=2}"

run() {
  local target="$1"
  mkdir -p ".build/corpus/$target"
  "$bin/fuzz-$target" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -detect_leaks=0 \
    -artifact_prefix=".build/crashes/$target-" ".build/corpus/$target" "Corpus/$target" \
    > ".build/logs/$target.log" 2>&1
}

pids=()
for target in "${targets[@]}"; do
  [ -x "$bin/fuzz-$target" ] || { echo "no $bin/fuzz-$target: run make fuzz-build first" >&2; exit 64; }
  run "$target" &
  pids+=($!)
  if [ "${#pids[@]}" -ge "$jobs" ]; then wait "${pids[0]}" || true; pids=("${pids[@]:1}"); fi
done
wait || true

status=0
for target in "${targets[@]}"; do
  log=".build/logs/$target.log"
  done_line="$(grep -E '^Done [0-9]+ runs' "$log" | tail -1 || true)"
  crash="$(grep -oE "Test unit written to \S+-(crash|oom|timeout|leak)-[0-9a-f]+" "$log" | tail -1 | cut -d' ' -f5 || true)"
  if [ -n "$crash" ]; then
    echo "fuzz-$target: CRASH after $(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#') executions: $crash"
    grep -m1 -E "Fatal error|ERROR: AddressSanitizer|runtime failure" "$log" || true
    echo "  replay: SWIFT_BACKTRACE=enable=no Fuzz/$bin/fuzz-$target Fuzz/$crash   (log: Fuzz/$log)"
    [ "$target" = fonts ] || [ "$target" = cards ] ||
      echo "  describe: FUZZ_DESCRIBE=1 SWIFT_BACKTRACE=enable=no Fuzz/$bin/fuzz-$target -detect_leaks=0 Fuzz/$crash"
    status=1
  elif [ -n "$done_line" ]; then
    echo "fuzz-$target: ${done_line#Done }, no crash"
  else
    echo "fuzz-$target: did not finish (log: Fuzz/$log)"
    status=1
  fi
done
exit "$status"
