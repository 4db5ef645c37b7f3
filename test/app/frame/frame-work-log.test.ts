import { describe, expect, it } from 'vitest';
import { FrameWorkLog } from '../../../src/app/frame/frame-work-log';

describe('FrameWorkLog', () => {
  it('keeps the newest frames, oldest first, once it wraps', () => {
    const log = new FrameWorkLog(4);
    expect(log.toArray()).toEqual([]);
    for (const ms of [1, 2, 3]) log.record(ms);
    expect(log.toArray()).toEqual([1, 2, 3]);
    for (const ms of [4, 5, 6]) log.record(ms);
    expect(log.toArray()).toEqual([3, 4, 5, 6]);
  });

  it('clear forgets everything', () => {
    const log = new FrameWorkLog(3);
    for (const ms of [1, 2, 3, 4]) log.record(ms);
    log.clear();
    expect(log.toArray()).toEqual([]);
    log.record(7);
    expect(log.toArray()).toEqual([7]);
  });
});
