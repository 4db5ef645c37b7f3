/** Holding to break: progress per block, reset on release or a new target, a pause after a break. */
import { describe, expect, it } from 'vitest';
import { BlockBreaking, type BreakTarget } from '../../src/controls/block-breaking';

const stone: BreakTarget = { x: 1, y: 2, z: 3, block: 2, seconds: 1.5 };
const dirt: BreakTarget = { x: 1, y: 1, z: 3, block: 3, seconds: 0.4 };

function hold(b: BlockBreaking, aim: BreakTarget | null, seconds: number, dt = 0.05): BreakTarget[] {
  const broken: BreakTarget[] = [];
  for (let t = 0; t < seconds - 1e-9; t += dt) {
    const done = b.update(dt, true, aim);
    if (done) broken.push(done);
  }
  return broken;
}

describe('BlockBreaking', () => {
  it('breaks a block after its time, with the progress and stage rising meanwhile', () => {
    const b = new BlockBreaking();
    expect(hold(b, stone, 0.75)).toEqual([]);
    expect(b.current?.progress).toBeCloseTo(0.5, 5);
    expect(b.stage).toBe(5);
    const broken = hold(b, stone, 0.8);
    expect(broken).toHaveLength(1);
    expect(broken[0]).toMatchObject({ x: 1, y: 2, z: 3 });
    expect(b.current).toBeNull();
    expect(b.stage).toBe(-1);
  });

  it('starts over when the button is let go', () => {
    const b = new BlockBreaking();
    hold(b, stone, 1);
    b.update(0.05, false, stone);
    expect(b.current).toBeNull();
    expect(hold(b, stone, 1)).toEqual([]);
  });

  it('starts over on another block, or when the block there changed', () => {
    const b = new BlockBreaking();
    hold(b, stone, 1);
    hold(b, dirt, 0.1);
    expect(b.current).toMatchObject({ x: 1, y: 1, z: 3 });
    expect(b.current!.progress).toBeCloseTo(0.25, 5);
    hold(b, { ...dirt, block: 4 }, 0.05);
    expect(b.current!.progress).toBeCloseTo(0.125, 5);
  });

  it('waits a moment after a break before the next block starts', () => {
    const b = new BlockBreaking({ cooldownSeconds: 0.25, stages: 10 });
    expect(hold(b, dirt, 0.45)).toHaveLength(1);
    hold(b, stone, 0.2);
    expect(b.current).toBeNull();
    hold(b, stone, 0.1);
    expect(b.current).not.toBeNull();
  });

  it('never breaks an unbreakable block', () => {
    const b = new BlockBreaking();
    expect(hold(b, { ...stone, seconds: Infinity }, 10)).toEqual([]);
    expect(b.current).toBeNull();
  });
});
