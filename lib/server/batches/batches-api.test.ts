import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAppDb } from "@/lib/server/db/app-db";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

useTempDataDir();
process.env.AUTO_INDEX = "0";
const { POST: uploadDataset } = await import("@/app/api/datasets/route");
const setsRoute = await import("@/app/api/datasets/[id]/question-sets/route");
const setRoute = await import("@/app/api/question-sets/[id]/route");
const batchesRoute = await import("@/app/api/question-sets/[id]/batches/route");
const batchRoute = await import("@/app/api/batches/[id]/route");
const diffRoute = await import("@/app/api/batches/[id]/diff/[other]/route");
const { cancelBatch } = await import("./runner");

const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) }) as never;
const json = (body: unknown, method = "POST") =>
  ({ method, body: JSON.stringify(body), headers: { "content-type": "application/json" } }) as RequestInit;

function questionFile(name: string, content: string, method = "POST", url = "http://test/x"): Request {
  const form = new FormData();
  form.append("file", new Blob([content]), name);
  return new Request(url, { method, body: form });
}

async function expectError(res: Response, status: number, code: string): Promise<void> {
  expect(res.status).toBe(status);
  expect((await res.json()).error.code).toBe(code);
}

let datasetId = "";
beforeAll(async () => {
  const form = new FormData();
  form.append("files", new Blob(["city,schools\nFresno,3\nOakland,5\n"]), "cities.csv");
  const res = await uploadDataset(new Request("http://test/api/datasets", { method: "POST", body: form }));
  datasetId = (await res.json()).id;
});
afterAll(() => closeAppDb());

describe("question-set and batch API", () => {
  it("keeps good lines, reports bad ones, and renames, re-uploads and deletes a set", async () => {
    const csv =
      "question,answer,tags\nHow many schools in Fresno?,3,count\n,4,\nWhich city has 5 schools?,Oakland,lookup\n";
    const res = await setsRoute.POST(questionFile("checks.csv", csv), ctx({ id: datasetId }));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ name: "checks", count: 2, errors: [{ line: 3, message: "Line 3 has no question." }] });

    const renamed = await setRoute.PATCH(
      new Request("http://test/x", json({ name: "Cities" }, "PATCH")),
      ctx({ id: body.id }),
    );
    expect((await renamed.json()).name).toBe("Cities");
    const again = await setRoute.PUT(
      questionFile("v2.jsonl", '{"question":"Q?","answer":[1,2]}\n', "PUT"),
      ctx({ id: body.id }),
    );
    expect(await again.json()).toMatchObject({ id: body.id, name: "Cities", count: 1, errors: [] });
    expect(
      (await setRoute.DELETE(new Request("http://test/x", { method: "DELETE" }), ctx({ id: body.id }))).status,
    ).toBe(204);
    await expectError(
      await setRoute.GET(new Request("http://test/x"), ctx({ id: body.id })),
      404,
      "question_set_not_found",
    );
  });

  it("refuses a file without one good question, and unknown methods or parameters", async () => {
    await expectError(
      await setsRoute.POST(questionFile("bad.jsonl", "{oops\n"), ctx({ id: datasetId })),
      400,
      "no_questions",
    );
    const made = await setsRoute.POST(
      questionFile("ok.jsonl", '{"question":"Q?","answer":1}\n'),
      ctx({ id: datasetId }),
    );
    const { id } = await made.json();
    const start = (body: unknown) => batchesRoute.POST(new Request("http://test/x", json(body)), ctx({ id }));
    await expectError(await start({ methods: ["nope"] }), 400, "invalid_request");
    await expectError(await start({ methods: [] }), 400, "invalid_request");
    await expectError(await start({ methods: ["fgtr"], params: { k: "many" } }), 400, "invalid_params");
    const ok = await start({ methods: ["fgtr", "sgam"] });
    expect(ok.status).toBe(202);
    const { batchId } = await ok.json();
    await cancelBatch(batchId);
    const report = await (await batchRoute.GET(new Request("http://test/x"), ctx({ id: batchId }))).json();
    expect(report).toMatchObject({ status: "cancelled", total: 2, methods: ["fgtr", "sgam"] });
    expect(Object.keys(report.summary)).toEqual(["fgtr", "sgam"]);
    const diff = await diffRoute.GET(new Request("http://test/x"), ctx({ id: batchId, other: "missing" }));
    await expectError(diff, 404, "batch_not_found");
  });
});
