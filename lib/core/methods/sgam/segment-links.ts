import type { ColumnLink } from "../../reasoner/schema/linking/linker";
import { linkColumnsOf, linkHintsOf } from "../../reasoner/schema/linking/schema";
import type { RetrievalPorts } from "../../retrieval/ports";
import type { CellHint } from "../../retrieval/types";
import type { Segment } from "./attribute-retrieval";

/** The trained linker's probabilities of every column for each segment, when the run uses it. */
export function segmentLinks(
  segments: Segment[],
  hints: CellHint[],
  linker: "learned" | "rules",
  ports: RetrievalPorts,
): { links: ColumnLink[][]; cut: number } | Record<string, never> {
  if (linker !== "learned" || !ports.linker) return {};
  const columns = linkColumnsOf(ports.schema);
  // A segment is read in the light of its whole question (the linker learned from whole
  // questions): a column's probability for a segment is the mean of the two.
  const whole = ports.linker.link(segments.map((s) => s.text).join(" "), columns, linkHintsOf(hints));
  const links = segments.map((seg) => {
    const lower = seg.text.toLowerCase();
    const own = hints.filter((h) => lower.includes(h.phrase.toLowerCase()));
    return ports.linker!.link(seg.text, columns, linkHintsOf(own)).map((l, i) => ({
      ...l,
      probability: Math.round(((l.probability + whole[i].probability) / 2) * 10_000) / 10_000,
    }));
  });
  // At most maxAttributes per segment bound what a lower cut lets in; recall matters more here.
  return { links, cut: ports.linker.cut / 2 };
}

/**
 * "the names of poker players": the head before "of" names the attribute asked for, the rest
 * the table it belongs to; retrieved as a fragment of its own (as A.3 splits a question into
 * fragments), it finds the column the whole phrase's table words would drown.
 */
export function headFragment(main: string): Segment[] {
  const m = /^(.*?\b(?:the|a|an)\s+[\p{L}\s]{2,40}?)\s+of\s+(.+)$/iu.exec(main.trim());
  return m ? [{ text: m[1], role: "main" }] : [];
}
