// Writes the benchmark CSV: N rows × 12 mixed-type columns, with a text column of ~100k distinct values.
import { createWriteStream, existsSync, statSync } from "node:fs";
import { once } from "node:events";

/** The city and status values the table is drawn from; the bench questions ask about these same values. */
export const CITIES = [
  "Los Angeles",
  "San Diego",
  "Fresno",
  "Sacramento",
  "Oakland",
  "Long Beach",
  "Bakersfield",
  "Anaheim",
  "Riverside",
  "Stockton",
  "Irvine",
  "Chula Vista",
];
export const STATUS = ["active", "pending", "closed", "on hold"];

export const BENCH_COLUMNS = [
  "id",
  "customer",
  "city",
  "status",
  "amount",
  "quantity",
  "discount",
  "order_date",
  "ship_date",
  "priority",
  "note",
  "score",
];

/** Creates the file unless a complete one of the same row count is already there. */
export async function ensureBenchCsv(file: string, rows: number): Promise<number> {
  // v2: the generator before it drew only ~10k distinct customers (see rand below).
  const marker = `${file}.rows-${rows}.v2`;
  if (existsSync(file) && existsSync(marker)) return statSync(file).size;
  const out = createWriteStream(file, { highWaterMark: 1 << 20 });
  let seed = 42;
  // Math.imul keeps the LCG in 32-bit integers; a plain `*` overflows double precision and the
  // low bits it then drops left the customer column with ~10k distinct values instead of ~100k.
  const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
  out.write(BENCH_COLUMNS.join(",") + "\n");
  let chunk = "";
  for (let i = 1; i <= rows; i++) {
    const day = 1 + Math.floor(rand() * 28);
    const month = 1 + Math.floor(rand() * 12);
    const date = `2024-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    const ship = `2024-${String(month).padStart(2, "0")}-${String(Math.min(28, day + 2)).padStart(2, "0")}`;
    const customer = `Customer ${Math.floor(rand() * 100_000)}`;
    const note = rand() < 0.1 ? `"Fragile, handle with care; box ${i % 97}"` : `order ${i % 5000} note`;
    chunk +=
      `${i},${customer},${CITIES[i % CITIES.length]},${STATUS[Math.floor(rand() * 4)]},` +
      `${(rand() * 1000).toFixed(2)},${1 + Math.floor(rand() * 20)},${(rand() * 0.3).toFixed(3)},${date},${ship},` +
      `${1 + (i % 5)},${note},${Math.floor(rand() * 100)}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  out.end(chunk);
  await once(out, "finish");
  createWriteStream(marker).end("ok");
  return statSync(file).size;
}
