// Adds up vitest's and Playwright's JSON reports into the closing "N passed, N failed" line.
import { existsSync, readFileSync } from "node:fs";

const [unitFile, e2eFile, buildStatus, lintStatus] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

if (existsSync(unitFile)) {
  const unit = JSON.parse(readFileSync(unitFile, "utf8"));
  passed += unit.numPassedTests ?? 0;
  failed +=
    (unit.numFailedTests ?? 0) +
    (unit.testResults ?? []).filter((f) => f.status === "failed" && (f.assertionResults ?? []).length === 0).length;
  skipped += (unit.numPendingTests ?? 0) + (unit.numTodoTests ?? 0);
} else failed += 1;

if (existsSync(e2eFile)) {
  const e2e = JSON.parse(readFileSync(e2eFile, "utf8"));
  const s = e2e.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
  if ((e2e.errors ?? []).length > 0 && (s.expected ?? 0) + (s.unexpected ?? 0) === 0) failed += 1;
} else failed += 1;
if (buildStatus && buildStatus !== "0") failed += 1;
// `biome check` (lint + format) is one check: it passes or it fails.
if (lintStatus !== undefined) {
  if (lintStatus === "0") passed += 1;
  else failed += 1;
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
