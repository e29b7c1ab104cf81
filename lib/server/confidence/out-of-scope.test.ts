import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

// Questions the data cannot answer, over four small datasets written here (no benchmark data):
// every method that runs on them must say "no-answer" or "unsure", never "answered".
const dataDir = useTempDataDir();
process.env.AUTO_INDEX = "0";
const { importDataset } = await import("@/lib/server/ingest/import-dataset");
const { runIndexing } = await import("@/lib/server/index/pipeline");
const { closeSqlPool } = await import("@/lib/server/sql");
const { executeRun } = await import("@/lib/server/runs/execute-run");
const { executeInPool, prepareRun } = await import("@/lib/server/runs/method.task");
const { getDataset } = await import("@/lib/server/stores/datasets");

function rows(n: number, make: (i: number) => Array<string | number>): string {
  return Array.from({ length: n }, (_, i) => make(i).join(",")).join("\n");
}

const MAKERS = ["Alder", "Birch", "Cedar", "Dogwood", "Elm", "Fir"];
const COUNTRIES = ["germany", "japan", "usa", "italy", "sweden", "korea"];
const DATASETS: Record<string, Record<string, string>> = {
  cars: {
    "makers.csv": `Id,Maker,Country\n${rows(6, (i) => [i + 1, MAKERS[i], COUNTRIES[i]])}\n`,
    "cars.csv": `Id,MakerId,Model,Cylinders,Year,Horsepower,MPG\n${rows(40, (i) => [
      i + 1,
      (i % 6) + 1,
      `M${i + 10}`,
      [4, 6, 8][i % 3],
      1970 + (i % 12),
      70 + ((i * 37) % 150),
      12 + ((i * 7) % 25),
    ])}\n`,
  },
  library: {
    "books.csv": `Title,Author,Published,Pages,Genre\n${rows(30, (i) => [
      `Book ${String.fromCharCode(65 + (i % 26))}${i}`,
      `Author ${i % 7}`,
      1950 + i * 2,
      120 + ((i * 53) % 600),
      ["novel", "poetry", "history"][i % 3],
    ])}\n`,
    "loans.csv": `Book,Member,Day\n${rows(25, (i) => [
      `Book ${String.fromCharCode(65 + (i % 26))}${i}`,
      `member${i % 5}`,
      `2024-03-${String((i % 28) + 1).padStart(2, "0")}`,
    ])}\n`,
  },
  weather: {
    "stations.csv": `Station,City,Elevation\n${rows(5, (i) => [
      `ST${i}`,
      ["Ashby", "Brook", "Corran", "Dunmore", "Eskdale"][i],
      10 + i * 120,
    ])}\n`,
    "readings.csv": `Station,Day,Temperature,Rainfall\n${rows(50, (i) => [
      `ST${i % 5}`,
      `2024-01-${String((i % 28) + 1).padStart(2, "0")}`,
      -5 + ((i * 13) % 30),
      (i * 7) % 20,
    ])}\n`,
  },
  recipes: {
    "recipes.csv": `Name,Cuisine,Minutes,Calories\n${rows(24, (i) => [
      `Dish ${i}`,
      ["thai", "mexican", "greek", "indian"][i % 4],
      10 + ((i * 11) % 80),
      200 + ((i * 97) % 700),
    ])}\n`,
  },
};

const OUT_OF_SCOPE: Array<[string, string]> = [
  ["cars", "What is the capital of France?"],
  ["cars", "How many employees does the company have?"],
  ["cars", "What is the average salary of the engineers?"],
  ["cars", "Who is the CEO of Alder?"],
  ["cars", "What is the top speed of the fastest car?"],
  ["cars", "What is the average horsepower of the cars with 8 cylinders made in 1874?"],
  ["library", "What is the population of Tokyo?"],
  ["library", "Which author won the most awards?"],
  ["library", "What is the price of Book A0?"],
  ["library", "How many stars does the restaurant have?"],
  ["library", "What is the ISBN of the longest book?"],
  ["weather", "What is the capital of Germany?"],
  ["weather", "What is the humidity at station ST1?"],
  ["weather", "Who is the mayor of Ashby?"],
  ["weather", "What is the wind speed on the coldest day?"],
  ["weather", "How many readings have a temperature above 500?"],
  ["recipes", "What is the stock price of the company?"],
  ["recipes", "Which chef cooks the most dishes?"],
  ["recipes", "What is the protein content of Dish 3?"],
  ["recipes", "How many reviews does the thai dish have?"],
  ["recipes", "What is the capital of Italy?"],
  ["recipes", "Which recipes take 5000 minutes?"],
];

const ids: Record<string, string> = {};
beforeAll(async () => {
  for (const [name, files] of Object.entries(DATASETS)) {
    const inputs = Object.entries(files).map(([file, content]) => {
      const p = path.join(dataDir, `${name}-${file}`);
      fs.writeFileSync(p, content);
      return { originalName: file, path: p, size: fs.statSync(p).size };
    });
    ids[name] = (await importDataset(inputs, { name })).id;
    await runIndexing(ids[name]);
  }
}, 120_000);
afterAll(() => closeSqlPool());

async function ask(dataset: string, question: string, method: "fgtr" | "sgam" | "graphotter") {
  const { request } = prepareRun({ datasetId: ids[dataset], question, method, reasoner: "local", params: {} });
  const loaded = await getDataset(ids[dataset]);
  const outcome = await executeRun(request, executeInPool(request, { dataset: loaded! }));
  return outcome.answer;
}

describe("out-of-scope questions are never 'answered'", () => {
  it("has at least 20 questions over several datasets", () => {
    expect(OUT_OF_SCOPE.length).toBeGreaterThanOrEqual(20);
    expect(new Set(OUT_OF_SCOPE.map(([d]) => d)).size).toBeGreaterThanOrEqual(4);
  });

  for (const method of ["fgtr", "sgam", "graphotter"] as const) {
    it(`${method}: each gets no-answer or unsure with a reason`, async () => {
      const judged = [];
      for (const [dataset, question] of OUT_OF_SCOPE) {
        const a = await ask(dataset, question, method);
        judged.push({ question, verdict: a?.verdict ?? "no-answer", reason: a?.reason, text: a?.text });
        if (a) {
          expect(a.confidence).toBeGreaterThanOrEqual(0);
          expect(a.reason?.length).toBeGreaterThan(0);
        }
      }
      expect(judged.filter((j) => j.verdict === "answered")).toEqual([]);
    }, 120_000);
  }

  it("still answers a question the data does hold, and says why an out-of-range year is doubtful", async () => {
    const inScope = await ask("cars", "How many cars have 8 cylinders?", "fgtr");
    expect(inScope?.values).toEqual([13]);
    expect(inScope?.verdict).toBeDefined();
    const year = await ask("cars", "What is the average horsepower of the cars with 8 cylinders made in 1874?", "fgtr");
    expect(year?.verdict).not.toBe("answered");
  }, 60_000);
});
