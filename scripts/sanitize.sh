#!/usr/bin/env bash
# The test suite under a sanitizer, with zero reports: `make sanitize` runs both
# lanes over the whole suite, CI runs them as `.ci/run` says.
#
#   scripts/sanitize.sh address|thread [swift test --filter pattern]
#
# Each lane builds into its own scratch path (.build/asan, .build/tsan), so it never
# disturbs the ordinary build. Any report fails the lane:
#   - address: ASan stops at the first memory error; LeakSanitizer checks leaks at
#     exit, with scripts/sanitizers/lsan-suppressions.txt (the toolchain's leaks
#     only, each with its reason);
#   - thread: TSan reports every race and exits non-zero at the end.
# The `textlayout` binary the tests run as a process is built with the same
# sanitizer and inherits these options, so its reports fail the test that ran it.
set -euo pipefail
cd "$(dirname "$0")/.."

lane=${1:?usage: scripts/sanitize.sh address|thread [filter]}
filter=${2:-}
case "$lane" in
  address) scratch=.build/asan ;;
  thread) scratch=.build/tsan ;;
  *) echo "sanitize.sh: unknown lane '$lane' (address or thread)" >&2; exit 64 ;;
esac

export ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1:check_initialization_order=1"
export LSAN_OPTIONS="suppressions=$PWD/scripts/sanitizers/lsan-suppressions.txt:print_suppressions=0"
export TSAN_OPTIONS="halt_on_error=0:second_deadlock_stack=1"

started=$SECONDS
swift build --build-tests --sanitize="$lane" --scratch-path "$scratch"
built=$SECONDS
swift test --skip-build --sanitize="$lane" --scratch-path "$scratch" ${filter:+--filter "$filter"}
echo "sanitize.sh: $lane lane${filter:+ ($filter)} clean: build $((built - started)) s, tests $((SECONDS - built)) s"
