/**
 * SQLite's functions as PostgreSQL says them. SQLite reads any value as text where a text
 * function wants one, PostgreSQL refuses (`trim(bigint)` does not exist), so text functions
 * read their argument through a cast; date functions read text dates the way SQLite does,
 * giving NULL where the text is not a date instead of failing the statement.
 */
import { asText, binary, call, cast, fnArgs, fnName, type Node, num, str, template, TranspileError } from "./ast";

/** Text functions whose first argument PostgreSQL wants as text. */
const TEXT_FIRST = new Set(["trim", "ltrim", "rtrim", "lower", "upper", "replace"]);

/** strftime's fields and to_char's patterns for them (%w, the weekday from 0 = Sunday, apart). */
const STRFTIME: Record<string, string> = {
  Y: "YYYY",
  m: "MM",
  d: "DD",
  H: "HH24",
  M: "MI",
  S: "SS",
  j: "DDD",
  "%": "%",
};

const ISO_DATE = "^[0-9]{4}-[0-9]{2}-[0-9]{2}";

/** Text SQLite would read as a number (CAST of anything else gives a prefix or 0 there; NULL here). */
export const NUMBER_TEXT = String.raw`^\s*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?\s*$`;

/** A value read as a number: NULL where SQLite would have read a prefix or 0 (PostgreSQL would fail). */
export const asNumber = (x: Node, type: string): Node =>
  template(`CASE WHEN __t ~ __p THEN CAST(__t AS ${type}) END`, { t: asText(x), p: str(NUMBER_TEXT) });

/** The timestamp a SQLite date argument means ('now', or text starting with an ISO date), else NULL. */
function timestamp(x: Node, then: (ts: Node) => Node): Node {
  if (x.type === "single_quote_string" && String(x.value).toLowerCase() === "now")
    return then(template("CURRENT_TIMESTAMP", {}));
  const ts = cast(asText(x), "TIMESTAMP");
  return template(`CASE WHEN __x ~ '${ISO_DATE}' THEN __v END`, { x: asText(x), v: then(ts) });
}

function literal(n: Node | undefined, what: string): string {
  if (n?.type !== "single_quote_string") throw new TranspileError("unsupported", `${what} must be a literal`);
  return String(n.value);
}

function strftime([format, x]: Node[]): Node {
  const f = literal(format, "strftime's format");
  if (!x) throw new TranspileError("unsupported", "strftime without a date");
  if (f === "%w")
    return timestamp(x, (ts) => cast(cast(template("EXTRACT(DOW FROM __t)", { t: ts }), "INTEGER"), "TEXT"));
  let pattern = "";
  for (let i = 0; i < f.length; i++) {
    if (f[i] !== "%") {
      // Text between fields is quoted, so to_char does not read its letters as patterns.
      pattern += /[A-Za-z]/.test(f[i]) ? `"${f[i]}"` : f[i];
      continue;
    }
    const field = STRFTIME[f[++i]];
    if (!field) throw new TranspileError("unsupported", `strftime's %${f[i]} has no PostgreSQL pattern`);
    pattern += field;
  }
  return timestamp(x, (ts) => call("to_char", [ts, str(pattern)]));
}

/** date(x, '+N unit', …): the ISO date, moved by each modifier. */
function date([x, ...modifiers]: Node[]): Node {
  if (!x) throw new TranspileError("unsupported", "date() without a date");
  return timestamp(x, (ts) => {
    let moved = ts;
    for (const m of modifiers) {
      const text = literal(m, "date()'s modifier").trim();
      if (!/^[-+]?\d+ (day|month|year)s?$/i.test(text))
        throw new TranspileError("unsupported", `date()'s modifier "${text}" has no PostgreSQL form`);
      moved = binary("+", moved, cast(str(text.replace(/^\+/, "")), "INTERVAL"));
    }
    return call("to_char", [moved, str("YYYY-MM-DD")]);
  });
}

/** printf's %s, %d and %0Nd as pieces joined with concat(). */
function printf([format, ...args]: Node[]): Node {
  const f = literal(format, "printf's format");
  const pieces: Node[] = [];
  let text = "";
  let next = 0;
  for (let i = 0; i < f.length; i++) {
    if (f[i] !== "%") {
      text += f[i];
      continue;
    }
    const spec = /^(%|s|d|0(\d)d)/.exec(f.slice(i + 1));
    if (!spec) throw new TranspileError("unsupported", `printf's ${f.slice(i, i + 3)} has no PostgreSQL form`);
    i += spec[0].length;
    if (spec[1] === "%") {
      text += "%";
      continue;
    }
    if (text) pieces.push(str(text));
    text = "";
    const arg = args[next++] ?? str("");
    // %d of text, NULL or a fraction: SQLite's whole part of its number, 0 when it has none.
    const whole = () => call("coalesce", [cast(call("trunc", [asNumber(arg, "DOUBLE PRECISION")]), "BIGINT"), num(0)]);
    const value = spec[1] === "s" ? asText(arg) : cast(whole(), "TEXT");
    pieces.push(spec[2] ? call("lpad", [value, num(Number(spec[2])), str("0")]) : value);
  }
  if (text) pieces.push(str(text));
  return call("concat", pieces);
}

/**
 * substr with a negative start counts from the end in SQLite, from before the start in
 * PostgreSQL; a negative length gives no text in SQLite from the first character, an error in
 * PostgreSQL (a computed length, such as a position found minus one, can be negative).
 */
function substr([x, start, length]: Node[]): Node {
  const text = asText(x);
  const negative = start?.type === "number" && Number(start.value) < 0;
  const from = negative ? binary("+", call("length", [text]), num(Number(start.value) + 1)) : start;
  if (!length) return call("substr", [text, from]);
  const counted = length.type === "number" ? length : call("GREATEST", [length, num(0)]);
  return call("substr", [text, from, counted]);
}

const SCALAR: Record<string, (args: Node[]) => Node> = {
  strftime,
  date,
  printf,
  substr,
  ifnull: (args) => call("coalesce", args),
  instr: ([a, b]) => call("strpos", [asText(a), b]),
  char: (args) =>
    args.length === 1
      ? call("chr", args)
      : call(
          "concat",
          args.map((a) => call("chr", [a])),
        ),
  round: ([value, digits]) => call("round", [cast(value, "NUMERIC"), ...(digits ? [digits] : [])]),
  group_concat: ([value, sep]) => call("string_agg", [asText(value), sep ?? str(",")]),
  iif: ([c, a, b]) => template("CASE WHEN __c THEN __a ELSE __b END", { c, a, b }),
};

/** The PostgreSQL form of a SQLite function call, or undefined when it is the same. */
export function postgresFunction(n: Node): Node | undefined {
  const name = fnName(n);
  if (!name) return undefined;
  if (n.type === "aggr_func" && name === "group_concat") {
    const args = n.args as { expr: Node; distinct?: unknown; separator?: unknown };
    if (args.separator) throw new TranspileError("unsupported", "group_concat(DISTINCT …) with a separator");
    const distinct = args.distinct ? "DISTINCT " : "";
    return template(`string_agg(${distinct}CAST(__v AS TEXT), ',')`, { v: args.expr });
  }
  if (n.type !== "function") return undefined;
  const args = fnArgs(n);
  if (TEXT_FIRST.has(name) && args.length) return call(name, [asText(args[0]), ...args.slice(1)]);
  return SCALAR[name]?.(args);
}
