import { describe, expect, it } from 'vitest';
import { DEFAULT_STICK_OPTIONS, readStick } from '../../src/controls/touch-stick';

const r = DEFAULT_STICK_OPTIONS.radius;

describe('readStick', () => {
  it('reads nothing inside the dead zone, but the knob still follows the thumb', () => {
    const s = readStick(3, -2);
    expect(s.ahead).toBe(0);
    expect(s.side).toBe(0);
    expect([s.knobX, s.knobY]).toEqual([3, -2]);
  });

  it('up the screen is ahead, right is right, full deflection at the radius', () => {
    expect(readStick(0, -r).ahead).toBeCloseTo(1, 12);
    expect(readStick(r, 0).side).toBeCloseTo(1, 12);
    expect(readStick(0, r).ahead).toBeCloseTo(-1, 12);
  });

  it('grows from zero at the dead zone edge, without a jump, and never past 1', () => {
    const edge = DEFAULT_STICK_OPTIONS.deadZone * r;
    expect(readStick(0, -(edge + 1e-6)).ahead).toBeCloseTo(0, 5);
    let last = 0;
    for (let d = edge; d <= 3 * r; d += 0.5) {
      const s = readStick(d * 0.6, -d * 0.8);
      const length = Math.hypot(s.ahead, s.side);
      expect(length).toBeGreaterThanOrEqual(last - 1e-12);
      expect(length).toBeLessThanOrEqual(1 + 1e-12);
      last = length;
    }
  });

  it('keeps the knob on the rim and sprints only with the thumb well past it', () => {
    const beyond = readStick(0, -2 * r);
    expect(Math.hypot(beyond.knobX, beyond.knobY)).toBeCloseTo(r, 9);
    expect(beyond.sprint).toBe(true);
    expect(readStick(0, -r).sprint).toBe(false);
  });

  it('reads rest for non-finite input', () => {
    expect(readStick(Number.NaN, 0)).toMatchObject({ ahead: 0, side: 0, sprint: false });
  });
});
