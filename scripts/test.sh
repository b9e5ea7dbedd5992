#!/usr/bin/env bash
# Every test: type-check, lint, unit + integration (vitest, real Postgres), then e2e (Playwright in
# Debian's Chromium against the real app). Runs all stages and fails if any failed.
set -u
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 TURBO_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1
passed=0
failed=0
run() {
  echo "== $*"
  if "$@"; then passed=$((passed + 1)); else echo "!! failed: $*"; failed=$((failed + 1)); fi
}
run npx tsc -p tsconfig.json
run npx tsc -p packages/core/tsconfig.json   # core alone: no Node types, so no I/O can creep in
run npx eslint .
run npm run lint -w @frontier/web            # Next's own rules (React hooks, Next)
run npm run typecheck -w @frontier/web
run npx tsc -p e2e/tsconfig.json
run npx vitest run
run npx playwright test
echo "stages: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
