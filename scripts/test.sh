#!/usr/bin/env bash
# Every test: type-check, lint, unit + integration tests (vitest, real Postgres) of every package
# through turbo (turbo.json: a repeated run only redoes what changed), then e2e (Playwright in
# Debian's Chromium against the real app, which needs every package). Runs all stages and fails
# if any failed.
set -u -o pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 TURBO_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1
passed=0
failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
run() {
  echo "== $*"
  if "$@" 2>&1 | tee -a "$log"; then passed=$((passed + 1)); else echo "!! failed: $*"; failed=$((failed + 1)); fi
}
run npx turbo run typecheck lint test --continue --concurrency=4 --output-logs=new-only --log-order=grouped
run npx playwright test
# A long run's log is read from its end: repeat what failed there.
if [ "$failed" -ne 0 ]; then
  echo "== what failed"
  grep -E '(FAIL|×|✘|AssertionError|Error:|ERR!|error TS|failed)' "$log" | grep -v '^\s*$' | head -60
fi
echo "stages: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
