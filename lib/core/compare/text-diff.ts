/** One piece of a text diff: kept, only in a ("removed") or only in b ("added"). */
export type DiffPiece = { op: "same" | "removed" | "added"; text: string };

/** Past this many tokens per side the diff is the whole of a replaced by the whole of b (LCS is quadratic). */
const MAX_TOKENS = 1500;

/** Splits into words and the whitespace between them, so joining the pieces gives the text back. */
function tokens(text: string): string[] {
  return text.match(/\s+|[^\s(),]+|[(),]/g) ?? [];
}

/**
 * A word-level diff of two texts (SQL statements) by longest common subsequence; adjacent
 * pieces of one kind are merged. Joining the `same` and `removed` pieces gives a back, `same`
 * and `added` give b.
 */
export function diffText(a: string, b: string): DiffPiece[] {
  const x = tokens(a);
  const y = tokens(b);
  if (x.length > MAX_TOKENS || y.length > MAX_TOKENS)
    return [...(a ? [{ op: "removed" as const, text: a }] : []), ...(b ? [{ op: "added" as const, text: b }] : [])];
  const w = y.length + 1;
  const lcs = new Uint16Array((x.length + 1) * w);
  for (let i = x.length - 1; i >= 0; i--)
    for (let j = y.length - 1; j >= 0; j--)
      lcs[i * w + j] =
        x[i] === y[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
  const out: DiffPiece[] = [];
  const push = (op: DiffPiece["op"], text: string) => {
    const last = out.at(-1);
    if (last && last.op === op) last.text += text;
    else out.push({ op, text });
  };
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) {
      push("same", x[i]);
      i++;
      j++;
    } else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) push("removed", x[i++]);
    else push("added", y[j++]);
  }
  while (i < x.length) push("removed", x[i++]);
  while (j < y.length) push("added", y[j++]);
  return out;
}
