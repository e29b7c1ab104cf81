import { createHashedEncoder, type HashedTextEncoder } from "../../text/hashed-encoder";
import { words } from "../../text/normalize";
import { stem } from "../../text/stem";
import { isStopword } from "./stopwords";

/**
 * The token vectors of late interaction (HELIOS eq. 4), made with the local hashed encoder: every
 * distinct word of the corpus is embedded once (its character n-grams, stem and synonym key), so a
 * document is a list of vocabulary ids and a query token's best match in a document is a lookup
 * into one row of query-token × vocabulary similarities.
 */
export class TokenSpace {
  private readonly encoder: HashedTextEncoder;
  private readonly ids = new Map<string, number>();
  private readonly vectors: Float32Array[] = [];
  /** Documents containing each vocabulary id (for IDF in the reranker). */
  private readonly df: number[] = [];
  private docs = 0;

  constructor(dim = 128) {
    this.encoder = createHashedEncoder({ dim });
  }

  /** Registers a document's text and returns its distinct token ids. */
  addDocument(text: string): Int32Array {
    const seen = new Set<number>();
    for (const w of words(text)) seen.add(this.idOf(w));
    for (const id of seen) this.df[id] += 1;
    this.docs += 1;
    return Int32Array.from(seen);
  }

  /** Token ids of a text without counting it as a document (for queries and expansions). */
  tokenIds(text: string): Int32Array {
    return Int32Array.from(new Set(words(text).map((w) => this.idOf(w))));
  }

  /** Content tokens of a query: normalised words minus stopwords, each once. */
  queryTokens(text: string): string[] {
    return [...new Set(words(text).filter((w) => !isStopword(w)))];
  }

  /** Inverse document frequency of a word (smoothed; unseen words get the highest). */
  idf(word: string): number {
    const id = this.ids.get(word);
    return this.idfOf(id === undefined ? -1 : id);
  }

  /** Inverse document frequency of a vocabulary id (-1: an unseen word). */
  idfOf(id: number): number {
    const df = id < 0 ? 0 : this.df[id];
    return Math.log(1 + (this.docs + 1) / (df + 0.5));
  }

  /**
   * Similarity of each query token to every vocabulary token: rows per query token. With `only`,
   * just those vocabulary ids are computed (the rest of the row is 0): enough for MaxSim over
   * documents made of them, at a fraction of the cost on a large vocabulary.
   */
  similarities(queryTokens: string[], only?: Int32Array): Float32Array[] {
    const n = this.vectors.length;
    return queryTokens.map((q) => {
      const qv = this.encoder.embedOne(q);
      const qs = stem(q);
      const row = new Float32Array(n);
      const count = only ? only.length : n;
      for (let k = 0; k < count; k++) {
        const i = only ? only[k] : k;
        const v = this.vectors[i];
        let d = 0;
        for (let j = 0; j < v.length; j++) d += qv[j] * v[j];
        row[i] = d;
      }
      const same = this.ids.get(q);
      if (same !== undefined) row[same] = 1;
      // Exact stems are the same word; the hashed vector alone can fall a little short of 1.
      const stemId = this.ids.get(qs);
      if (stemId !== undefined) row[stemId] = Math.max(row[stemId], 0.95);
      return row;
    });
  }

  get size(): number {
    return this.vectors.length;
  }

  private idOf(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.vectors.length;
      this.ids.set(word, id);
      this.vectors.push(this.encoder.embedOne(word));
      this.df.push(0);
    }
    return id;
  }
}

/**
 * MaxSim per query token (eq. 4 before the sum): for each query token, its best similarity to any
 * token of the document. Negative similarities count as 0, as a token with no match adds nothing.
 */
export function maxSimPerToken(sims: Float32Array[], doc: Int32Array): Float32Array {
  const out = new Float32Array(sims.length);
  for (let q = 0; q < sims.length; q++) {
    const row = sims[q];
    let best = 0;
    for (let i = 0; i < doc.length; i++) if (row[doc[i]] > best) best = row[doc[i]];
    out[q] = best;
  }
  return out;
}
