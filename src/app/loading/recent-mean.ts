/**
 * Mean of the last `capacity` samples, for the HUD. A fixed ring buffer: adding a sample
 * never allocates or shifts. The mean is summed on read rather than kept as a running sum,
 * which would drift over a long session of adding and subtracting; capacity is small.
 */
export class RecentMean {
  private readonly samples: Float64Array;
  private next = 0;
  private count = 0;

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`RecentMean capacity must be a positive integer, got ${capacity}`);
    this.samples = new Float64Array(capacity);
  }

  add(value: number): void {
    this.samples[this.next] = value;
    this.next = (this.next + 1) % this.samples.length;
    if (this.count < this.samples.length) this.count++;
  }

  /** 0 before the first sample. */
  get mean(): number {
    if (this.count === 0) return 0;
    let sum = 0;
    for (let i = 0; i < this.count; i++) sum += this.samples[i]!;
    return sum / this.count;
  }
}
