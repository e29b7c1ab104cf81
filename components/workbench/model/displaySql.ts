/**
 * The SQL as the user could run it on their own file: the app runs queries against attached copies
 * ("src1"."car_makers"), a schema the user's database does not have. Strips those qualifiers
 * outside string literals; the executed SQL (in the run's events) is unchanged.
 */
export function displaySql(sql: string): string {
  let out = "";
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i];
    if (ch === "'") {
      // A string literal, '' escapes included, is copied as written.
      let j = i + 1;
      while (j < sql.length && !(sql[j] === "'" && sql[j + 1] !== "'")) j += sql[j] === "'" ? 2 : 1;
      out += sql.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    const qualifier = /^(?:"src\d+"|\bsrc\d+)\s*\.\s*(?=["`[A-Za-z_])/.exec(sql.slice(i));
    if (qualifier && !/[\w"]/.test(sql[i - 1] ?? " ")) {
      i += qualifier[0].length;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}
