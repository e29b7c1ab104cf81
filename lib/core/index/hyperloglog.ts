import { hashString } from "../text/hash";

/**
 * HyperLogLog distinct counter (Flajolet et al. 2007) with the small-range correction.
 * Precision 14 gives 16 384 one-byte registers and ~0.8% standard error.
 */
export class HyperLogLog {
  private readonly p: number;
  private readonly m: number;
  private readonly registers: Uint8Array;

  constructor(precision = 14) {
    this.p = precision;
    this.m = 1 << precision;
    this.registers = new Uint8Array(this.m);
  }

  /** Adds a value by its canonical string form. */
  add(value: string): void {
    this.addHash(hashString(value, 0x41c64e6d));
  }

  /** Adds a pre-computed 32-bit hash. */
  addHash(h: number): void {
    const idx = h >>> (32 - this.p);
    const rest = (h << this.p) >>> 0;
    const rank = Math.min(Math.clz32(rest) + 1, 32 - this.p + 1);
    if (rank > this.registers[idx]) this.registers[idx] = rank;
  }

  /** Estimated number of distinct values added. */
  estimate(): number {
    let sum = 0;
    let zeros = 0;
    for (let i = 0; i < this.m; i++) {
      sum += 2 ** -this.registers[i];
      if (this.registers[i] === 0) zeros++;
    }
    const alpha = 0.7213 / (1 + 1.079 / this.m);
    const raw = (alpha * this.m * this.m) / sum;
    // Linear counting is far more accurate while many registers are still empty.
    if (raw <= 2.5 * this.m && zeros > 0) return Math.round(this.m * Math.log(this.m / zeros));
    const two32 = 2 ** 32;
    if (raw > two32 / 30) return Math.round(-two32 * Math.log(1 - raw / two32));
    return Math.round(raw);
  }
}
