import { describe, expect, it } from 'vitest';
import { DoubleTap } from '../../src/controls/double-tap';

describe('DoubleTap', () => {
  it('fires on the second press within the window, and a third press starts over', () => {
    const tap = new DoubleTap(300);
    expect(tap.press(1000)).toBe(false);
    expect(tap.press(1250)).toBe(true);
    expect(tap.press(1400)).toBe(false);
    expect(tap.press(1800)).toBe(false); // 400 ms after the last press: too slow
    expect(tap.press(2000)).toBe(true);
  });

  it('forgets a press after reset (mouse released between taps)', () => {
    const tap = new DoubleTap(300);
    tap.press(0);
    tap.reset();
    expect(tap.press(100)).toBe(false);
  });
});
