#!/usr/bin/env bash
# Runs every test: unit (vitest) and end-to-end (Playwright in Debian's Chromium against the built app).
# Installs what is missing (node_modules, Chromium) so it works on a fresh machine.
# Ends with one line: "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
mkdir -p test-results

# better-sqlite3, the importer's fast writer (an optional dependency), builds from source at install.
if ! command -v g++ >/dev/null 2>&1 || ! command -v make >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq g++ make python3 >/dev/null) ||
      echo "could not install a compiler"
  else
    echo "A C++ compiler is missing: imports fall back to a slower writer (sudo apt-get install g++ make python3)"
  fi
fi
if [ ! -d node_modules ]; then npm ci --no-audit --no-fund || exit 1; fi
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || echo "could not install chromium"
  else
    echo "Chromium is missing: install Debian's chromium package (sudo apt-get install chromium)"
  fi
fi

# The PostgreSQL tests start a real server: Debian's postgresql package when initdb is missing.
if ! command -v initdb >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) ||
      echo "could not install postgresql"
  else
    echo "PostgreSQL is missing: install Debian's postgresql package (sudo apt-get install postgresql)"
  fi
fi

# Lint and format check (Biome, biome.jsonc); a failure counts in the closing line.
npx biome check . --max-diagnostics=50
lint_status=$?
# Dead exports and files (knip, knip.jsonc): an export nobody imports fails the lint line too.
npm run --silent lint:exports || lint_status=1

npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/unit.json
unit_status=$?

npx next build
build_status=$?
if [ $build_status -eq 0 ]; then
  npx playwright test
  e2e_status=$?
else
  echo "next build failed; end-to-end tests not run"
  e2e_status=1
fi

node scripts/count-results.mjs test-results/unit.json test-results/e2e.json "$build_status" "$lint_status"
summary_status=$?
[ $lint_status -eq 0 ] && [ $unit_status -eq 0 ] && [ $e2e_status -eq 0 ] && [ $summary_status -eq 0 ]
