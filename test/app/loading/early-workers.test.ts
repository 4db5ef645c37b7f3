import { describe, expect, it } from 'vitest';
import { EarlyWorkers } from '../../../src/app/loading/early-workers';
import type { WorkerLike } from '../../../src/workers/worker-pool';

class FakeWorker implements WorkerLike {
  static made = 0;
  readonly id = ++FakeWorker.made;
  terminated = false;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(): void {}
  terminate(): void {
    this.terminated = true;
  }
}

const made: FakeWorker[] = [];
const create = () => {
  const w = new FakeWorker();
  made.push(w);
  return w;
};

describe('EarlyWorkers', () => {
  it('starts its workers at once, hands them out first, then makes new ones', () => {
    made.length = 0;
    const early = new EarlyWorkers(2, create);
    expect(made).toHaveLength(2);
    expect(early.take()).toBe(made[0]);
    expect(early.take()).toBe(made[1]);
    const third = early.take();
    expect(made).toHaveLength(3);
    expect(third).toBe(made[2]);
    early.dispose();
    expect(made.some((w) => w.terminated)).toBe(false);
  });

  it('stops only the workers nobody took, and a second dispose does nothing', () => {
    made.length = 0;
    const early = new EarlyWorkers(3, create);
    const taken = early.take() as FakeWorker;
    early.dispose();
    early.dispose();
    expect(taken.terminated).toBe(false);
    expect(made.slice(1).every((w) => w.terminated)).toBe(true);
    // After dispose, taking still works: a fresh worker.
    expect(early.take()).toBe(made[3]);
  });

  it('passes an error a worker reported while it waited on to the handler its taker sets', async () => {
    made.length = 0;
    const early = new EarlyWorkers(1, create);
    const failure = { message: 'script failed to load' } as ErrorEvent;
    made[0]!.onerror!(failure);
    const worker = early.take();
    const seen: ErrorEvent[] = [];
    worker.onerror = (event) => seen.push(event);
    expect(seen).toEqual([]);
    await Promise.resolve();
    expect(seen).toEqual([failure]);
  });

  it('passes nothing on for a worker that reported no error', async () => {
    made.length = 0;
    const early = new EarlyWorkers(1, create);
    const worker = early.take();
    const seen: ErrorEvent[] = [];
    worker.onerror = (event) => seen.push(event);
    await Promise.resolve();
    expect(seen).toEqual([]);
  });
});
