#!/usr/bin/env bash
# Every test: type-check, lint, unit + integration tests (vitest, real Postgres) of every package
# and the docs' checks through turbo (turbo.json: a repeated run only redoes what changed), then e2e
# (Playwright in Chromium against the real app, which needs every package). Runs all stages and
# fails if any failed. On a fresh machine it first sets up what the stages need (below).
set -u -o pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 TURBO_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1

# A browser for the e2e stage, found before the long stages so that a missing one stops the run at
# once: CHROMIUM_PATH if set, else Debian's /usr/bin/chromium, else the one Playwright manages.
# With none, install one (as root with apt-get: Debian's package; otherwise Playwright's own
# installer, into the user's cache), else stop with the one command to run.
launches() {
  [ -x "$1" ] && node -e '
    const { chromium } = require("playwright-core");
    chromium.launch({ executablePath: process.argv[1], args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] })
      .then((b) => b.close(), () => process.exit(1));' "$1" >/dev/null 2>&1
}
find_chromium() {
  local managed
  managed=$(node -e 'console.log(require("playwright-core").chromium.executablePath())' 2>/dev/null)
  for candidate in /usr/bin/chromium "$managed"; do
    if [ -n "$candidate" ] && launches "$candidate"; then echo "$candidate"; return 0; fi
  done
  return 1
}
if [ -n "${CHROMIUM_PATH:-}" ]; then
  if ! launches "$CHROMIUM_PATH"; then echo "!! CHROMIUM_PATH=$CHROMIUM_PATH does not start a browser: point it at a Chromium, or unset it" >&2; exit 1; fi
elif ! CHROMIUM_PATH=$(find_chromium); then
  echo "== no Chromium for the e2e tests: installing one"
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    npx playwright install chromium
  fi
  if ! CHROMIUM_PATH=$(find_chromium); then
    fix='npx playwright install --with-deps chromium'
    if command -v apt-get >/dev/null; then fix='apt-get install -y chromium'; [ "$(id -u)" -eq 0 ] || fix="sudo $fix"; fi
    echo "!! no usable Chromium for the e2e tests; install one with \`$fix\` (or set CHROMIUM_PATH to a Chromium), then run npm test again" >&2
    exit 1
  fi
fi
export CHROMIUM_PATH
echo "== e2e browser: $CHROMIUM_PATH"

# As root the embedded Postgres runs as the "postgres" user (it refuses root), which must be able
# to enter the checkout's .data directory: give "others" traverse (x only, no listing) on the
# checkout and its ancestors that lack it. The integration and e2e stages fail without it.
if [ "$(id -u)" -eq 0 ]; then
  d="$PWD"
  while [ "$d" != "/" ]; do
    if [ -n "$(find "$d" -maxdepth 0 ! -perm -o=x)" ]; then chmod o+x "$d" && echo "== chmod o+x $d (for the embedded Postgres's user)"; fi
    d="$(dirname "$d")"
  done
fi

passed=0
failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
run() {
  echo "== $*"
  if "$@" 2>&1 | tee -a "$log"; then passed=$((passed + 1)); else echo "!! failed: $*"; failed=$((failed + 1)); fi
}
run npx turbo run typecheck lint test test:docs --continue --concurrency=4 --output-logs=new-only --log-order=grouped
run npx playwright test
# A long run's log is read from its end: repeat what failed there.
if [ "$failed" -ne 0 ]; then
  echo "== what failed"
  grep -E '(FAIL|×|✘|AssertionError|Error:|ERR!|error TS|failed)' "$log" | grep -v '^\s*$' | head -60
fi
echo "stages: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
