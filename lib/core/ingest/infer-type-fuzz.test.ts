import { describe, expect, it } from "vitest";
import { integerFromBytes, toStoredValue, TypeTally, type StoredValue } from "./infer-type";

// The definitions the fast paths of toStoredValue and TypeTally must agree with, written plainly.
const INTEGER = /^[-+]?(0|[1-9]\d{0,14})$/;
const REAL =
  /^[-+]?(0|[1-9]\d*)?\.\d+([eE][-+]?\d+)?$|^[-+]?(0|[1-9]\d*)(\.\d*)?[eE][-+]?\d+$|^[-+]?(0|[1-9]\d*)\.\d+$/;
const BOOLEAN = new Set(["true", "false", "yes", "no"]);
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function definedValue(raw: string): StoredValue {
  if (raw.trim() === "") return null;
  if (!INTEGER.test(raw) && !REAL.test(raw)) return raw;
  const n = Number(raw);
  return Number.isFinite(n) && String(n) === raw ? n : raw;
}

function definedType(values: StoredValue[]): string {
  const kinds = values
    .filter((v) => v !== null)
    .map((v) => {
      if (typeof v === "number") return Number.isSafeInteger(v) ? "integer" : "real";
      if (BOOLEAN.has(v.trim().toLowerCase())) return "boolean";
      return DATE.test(v.trim()) ? "date" : "text";
    });
  const all = (...k: string[]) => kinds.every((kind) => k.includes(kind));
  if (kinds.length === 0 || kinds.includes("text")) return "text";
  if (all("integer")) return "integer";
  if (all("integer", "real")) return "real";
  if (all("date")) return "date";
  return all("boolean") ? "boolean" : "text";
}

let seed = 7;
const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)];

describe("fast paths agree with the plain definitions", () => {
  it("toStoredValue on 200,000 number-like strings", () => {
    const alphabet = ["0", "1", "5", "9", "-", "+", ".", "e", "E", " ", "\u00a0", "\t", "x", ":", "/", ",", "\n"];
    const cases = ["", " ", "\u3000", "-", "-0", "0", "00", "-00", "123456789012345", "1234567890123456", "1e+21"];
    cases.push("1.5e-7", "5e-324", "1.7976931348623157e+308", "2024-01-02", "-.5", "-0.5", "0.1", "9007199254740993");
    for (let i = 0; i < 200_000; i++) {
      let s = "";
      for (let j = 1 + Math.floor(rand() * 18); j > 0; j--) s += pick(rand() < 0.7 ? alphabet.slice(0, 4) : alphabet);
      cases.push(s);
    }
    const differing = cases.filter((c) => !Object.is(toStoredValue(c), definedValue(c)));
    expect(differing).toEqual([]);
    // the byte form of the integer rule agrees wherever it answers, and answers for every integer
    const encoder = new TextEncoder();
    const bytewise = cases.filter((c) => {
      const n = integerFromBytes(encoder.encode(c), 0, encoder.encode(c).length);
      const v = toStoredValue(c);
      return n === null ? typeof v === "number" && Number.isSafeInteger(v) && !c.includes("e") : n !== v;
    });
    expect(bytewise).toEqual([]);
  });

  it("TypeTally on 20,000 short columns of mixed values", () => {
    const values = ["1", "2.5", "yes", "No", "2024-01-31", "2024-02-30", "x", "", " ", "TRUE", "-3", "2023-12-01"];
    for (let i = 0; i < 20_000; i++) {
      const column = Array.from({ length: 1 + Math.floor(rand() * 6) }, () => toStoredValue(pick(values)));
      const tally = new TypeTally();
      for (const v of column) tally.add(v);
      expect(tally.resolve(), JSON.stringify(column)).toBe(definedType(column));
    }
  });
});
