// The OTT-QA sample (../shared/datasets/ottqa_hybridqa_sample) as one HELIOS corpus: every row of
// the 100 tables is a segment, every linked page a passage, and the tables' own hyperlinks plus
// entity linking make the edges of G_d.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { linkEntities } from "../../lib/core/methods/helios/entity-linking.ts";
import { linkTitle } from "../../lib/core/methods/helios/entity-linking.ts";
import type { BipartiteGraph, Passage, Segment } from "../../lib/core/methods/helios/types.ts";

type Cell = [string, string[]];
type OttTable = { title: string; section_title?: string; header: Cell[]; data: Cell[][] };

/**
 * Loads the sample's tables and passages and links them (hyperlinks + entity linking); with
 * `tableIds`, only those tables (hybridqa_train has the same layout, and trains in chunks).
 */
export function loadOttqaCorpus(root: string, tableIds?: string[]): BipartiteGraph & { tableOf: Map<string, string> } {
  const segments: Segment[] = [];
  const passages = new Map<string, Passage>();
  const hrefs = new Map<string, string[]>();
  const tableOf = new Map<string, string>();
  const files = tableIds
    ? tableIds.map((id) => `${id}.json`)
    : readdirSync(path.join(root, "tables"))
        .filter((f) => f.endsWith(".json"))
        .sort();
  for (const file of files) {
    const id = file.replace(/\.json$/, "");
    const t = JSON.parse(readFileSync(path.join(root, "tables", file), "utf8")) as OttTable;
    const header = t.header.map((h) => h[0]);
    // OTT-QA's table segments read the page and section title with every row (Chen et al., 2020a).
    const caption = [t.title, t.section_title].filter(Boolean).join(" - ") || id;
    const columns = header.map(
      (h, i) =>
        h
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "_")
          .replace(/^_|_$/g, "") || `col${i + 1}`,
    );
    t.data.forEach((row, r) => {
      const sid = `s:${id}:${r + 1}`;
      segments.push({ id: sid, table: id, caption, rowId: r + 1, header, columns, values: row.map((c) => c[0]) });
      hrefs.set(
        sid,
        row.flatMap((c) => c[1]),
      );
      tableOf.set(sid, id);
    });
    const texts = JSON.parse(readFileSync(path.join(root, "passages", file), "utf8")) as Record<string, string>;
    for (const [href, text] of Object.entries(texts)) {
      if (!passages.has(href)) passages.set(href, { id: `p:${href}`, title: linkTitle(href) ?? href, text, url: href });
    }
  }
  const list = [...passages.values()];
  return { segments, passages: list, links: linkEntities(segments, list, hrefs), tableOf };
}
