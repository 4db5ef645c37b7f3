/** The accumulator: whole steps from any frame times, a cap on long frames, alpha. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_FIXED_STEP_OPTIONS, FixedStepper } from '../../src/physics';

function countSteps(stepper: FixedStepper, frames: number, frameDt: number): number[] {
  const perFrame: number[] = [];
  for (let i = 0; i < frames; i++) perFrame.push(stepper.advance(frameDt, () => {}));
  return perFrame;
}

describe('FixedStepper', () => {
  it('runs one 1/60 s step per 60 Hz frame', () => {
    const s = new FixedStepper();
    expect(countSteps(s, 60, 1 / 60)).toEqual(new Array(60).fill(1));
    expect(s.stepsTaken).toBe(60);
  });

  it('runs exactly 60 steps in 144 frames of 1/144 s and in 20 frames of 1/20 s, whatever the rounding', () => {
    const fast = new FixedStepper();
    const perFrame = countSteps(fast, 144 * 5, 1 / 144);
    expect(fast.stepsTaken).toBe(300);
    expect(Math.max(...perFrame)).toBe(1);
    const slow = new FixedStepper();
    expect(countSteps(slow, 100, 1 / 20)).toEqual(new Array(100).fill(3));
  });

  it('calls the step once per step it reports', () => {
    const s = new FixedStepper();
    let calls = 0;
    const reported = s.advance(0.1, () => calls++);
    expect(reported).toBe(6);
    expect(calls).toBe(6);
  });

  it('keeps the remainder as alpha, a fraction of a step', () => {
    const s = new FixedStepper();
    expect(s.advance(1.5 / 60, () => {})).toBe(1);
    expect(s.alpha).toBeCloseTo(0.5, 9);
    expect(s.advance(0.25 / 60, () => {})).toBe(0);
    expect(s.alpha).toBeCloseTo(0.75, 9);
    expect(s.advance(0.25 / 60, () => {})).toBe(1);
    expect(s.alpha).toBeCloseTo(0, 9);
  });

  it('caps a long frame at maxFrameSeconds and drops the rest', () => {
    const s = new FixedStepper();
    const cap = Math.round(DEFAULT_FIXED_STEP_OPTIONS.maxFrameSeconds / DEFAULT_FIXED_STEP_OPTIONS.step);
    expect(s.advance(10, () => {})).toBe(cap);
    expect(s.alpha).toBeLessThan(1);
    expect(s.advance(0, () => {})).toBe(0);
  });

  it('treats NaN and negative frame times as 0 and Infinity as the cap', () => {
    const s = new FixedStepper();
    s.advance(0.5 / 60, () => {});
    for (const dt of [NaN, -1, -Infinity]) {
      expect(s.advance(dt, () => {})).toBe(0);
      expect(s.alpha).toBeCloseTo(0.5, 9);
    }
    expect(s.advance(Infinity, () => {})).toBe(15);
    expect(Number.isFinite(s.alpha)).toBe(true);
  });

  it('rejects a step that would never end the loop', () => {
    for (const step of [0, -1 / 60, NaN, Infinity]) expect(() => new FixedStepper({ step })).toThrow(RangeError);
    expect(() => new FixedStepper({ maxFrameSeconds: Infinity })).toThrow(RangeError);
  });

  it('reset forgets the remainder and the count', () => {
    const s = new FixedStepper();
    s.advance(2.5 / 60, () => {});
    s.reset();
    expect(s.stepsTaken).toBe(0);
    expect(s.alpha).toBe(0);
  });
});
