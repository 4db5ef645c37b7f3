/** SerialQueue: jobs run one at a time in the order given, and a failed job does not stop the next. */
import { describe, expect, it } from 'vitest';
import { SerialQueue } from '../../src/persistence/serial-queue';

describe('SerialQueue', () => {
  it('starts a job only once every earlier job has settled, resolved or rejected', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    let releaseFirst!: () => void;
    const first = queue.run(async () => {
      log.push('first starts');
      await new Promise<void>((resolve) => (releaseFirst = resolve));
      log.push('first ends');
      return 1;
    });
    const second = queue.run(async () => {
      log.push('second runs');
      throw new Error('second fails');
    });
    const third = queue.run(async () => {
      log.push('third runs');
      return 3;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(log).toEqual(['first starts']);
    releaseFirst();
    expect(await first).toBe(1);
    await expect(second).rejects.toThrow('second fails');
    expect(await third).toBe(3);
    expect(log).toEqual(['first starts', 'first ends', 'second runs', 'third runs']);
  });
});
