/**
 * Main-thread milliseconds spent in each recent frame callback, for benchmarks. A fixed
 * ring: recording a frame costs one store, never a splice or shift of a 20,000-entry array.
 */
export class FrameWorkLog {
  private readonly values: Float64Array;
  private next = 0;
  private count = 0;

  constructor(capacity = 20_000) {
    this.values = new Float64Array(Math.max(1, Math.floor(capacity)));
  }

  record(ms: number): void {
    this.values[this.next] = ms;
    this.next = (this.next + 1) % this.values.length;
    if (this.count < this.values.length) this.count++;
  }

  /** The recorded frames, oldest first. */
  toArray(): number[] {
    const n = this.values.length;
    const out = new Array<number>(this.count);
    const start = (this.next - this.count + n) % n;
    for (let i = 0; i < this.count; i++) out[i] = this.values[(start + i) % n]!;
    return out;
  }

  clear(): void {
    this.next = 0;
    this.count = 0;
  }
}
