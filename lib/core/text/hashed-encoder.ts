import type { TextEncoder } from "./encoder";
import { analyzeText, forEachGram } from "./features";
import { fmix32, hashRange, hashString } from "./hash";

/** Relative weight of each channel after the channel is normalised on its own. */
type ChannelWeights = { grams: number; words: number; synonyms: number; acronyms: number };
type Channel = keyof ChannelWeights;

// Ordinary text: spelling carries most, whole words confirm, synonyms and initials nudge.
const TEXT_WEIGHTS: ChannelWeights = { grams: 1, words: 0.8, synonyms: 0.6, acronyms: 0.5 };
// A 2–3 letter all-caps text is mostly a set of initials; its word survives for "LA" = "LA".
const ACRONYM_WEIGHTS: ChannelWeights = { grams: 0, words: 0.25, synonyms: 0.3, acronyms: 1 };
// Distinct seeds keep the channels' features apart without building tagged strings.
const CHANNEL_SEED: Record<Channel, number> = { grams: 0x67, words: 0x77, synonyms: 0x73, acronyms: 0x61 };

export type HashedEncoderOptions = {
  dim?: number;
  seed?: number;
  /** Signed buckets per word, synonym and acronym feature (grams use a quarter of it). */
  bucketsPerFeature?: number;
};

/**
 * The local default encoder: hashed character 2–4-grams of boundary-marked words, stemmed words,
 * synonym keys and an acronym channel, signed feature hashing into `dim` buckets, each channel
 * normalised then weighted, the sum L2-normalised. Needs no weights and is deterministic.
 */
export class HashedTextEncoder implements TextEncoder {
  readonly id: string;
  readonly dim: number;
  private readonly seed: number;
  private readonly spread: number;
  private readonly gramSpread: number;
  private readonly acc: Float64Array;
  private readonly mark: Uint8Array;
  private readonly touched: number[] = [];

  constructor(options: HashedEncoderOptions = {}) {
    this.dim = options.dim ?? 384;
    this.seed = options.seed ?? 0x7ab1e5;
    this.spread = options.bucketsPerFeature ?? 8;
    this.gramSpread = Math.max(1, Math.round(this.spread / 4));
    this.id = `hashed-ngram-v2-d${this.dim}-k${this.spread}-s${this.seed}`;
    this.acc = new Float64Array(this.dim);
    this.mark = new Uint8Array(this.dim);
  }

  /** Embeds a batch; async only to satisfy the port. */
  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((t) => this.embedOne(t));
  }

  /** Embeds one text synchronously. */
  embedOne(text: string): Float32Array {
    const a = analyzeText(text);
    const w = a.mode === "acronym" ? ACRONYM_WEIGHTS : TEXT_WEIGHTS;
    const out = new Float32Array(this.dim);
    if (a.words.length && w.grams) {
      const seed = this.seed ^ CHANNEL_SEED.grams;
      for (const word of a.words) {
        const padded = `#${word}#`;
        forEachGram(padded, (i, j) => this.bump(hashRange(padded, i, j, seed), this.gramSpread));
      }
      this.flush(out, w.grams);
    }
    this.addStrings(out, a.stems, "words", w.words);
    this.addStrings(out, a.synonyms, "synonyms", w.synonyms);
    this.addStrings(out, a.acronyms, "acronyms", w.acronyms);
    let norm = 0;
    for (let i = 0; i < out.length; i++) norm += out[i] * out[i];
    if (norm > 0) {
      const inv = 1 / Math.sqrt(norm);
      for (let i = 0; i < out.length; i++) out[i] *= inv;
    }
    return out;
  }

  private addStrings(out: Float32Array, items: string[], channel: Channel, weight: number): void {
    if (!items.length || !weight) return;
    const seed = this.seed ^ CHANNEL_SEED[channel];
    for (const item of items) this.bump(hashString(item, seed), this.spread);
    this.flush(out, weight);
  }

  /**
   * Adds one feature to the channel accumulator in `spread` signed buckets: a collision then
   * costs a fraction of the feature, which matters for queries with one feature ("LA"). The sign
   * bit keeps collisions unbiased, so unrelated texts centre on cosine 0.
   */
  private bump(h0: number, spread: number): void {
    for (let r = 0; r < spread; r++) {
      const h = r === 0 ? h0 : fmix32((h0 + Math.imul(r, 0x9e3779b9)) >>> 0);
      const idx = h % this.dim;
      if (!this.mark[idx]) {
        this.mark[idx] = 1;
        this.touched.push(idx);
      }
      this.acc[idx] += h & 0x80000000 ? -1 : 1;
    }
  }

  /** Normalises the accumulated channel, adds it to `out` with its weight, and clears it. */
  private flush(out: Float32Array, weight: number): void {
    let norm = 0;
    for (const i of this.touched) norm += this.acc[i] * this.acc[i];
    const scale = norm > 0 ? weight / Math.sqrt(norm) : 0;
    for (const i of this.touched) {
      out[i] += this.acc[i] * scale;
      this.acc[i] = 0;
      this.mark[i] = 0;
    }
    this.touched.length = 0;
  }
}

/** The local default encoder with default settings (384 dimensions). */
export function createHashedEncoder(options: HashedEncoderOptions = {}): HashedTextEncoder {
  return new HashedTextEncoder(options);
}
