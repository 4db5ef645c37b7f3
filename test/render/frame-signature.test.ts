/** Rendering on demand's test of sameness: a frame is skipped only when every number it lists is the last drawn one's. */
import { describe, expect, it } from 'vitest';
import { FrameSignature } from '../../src/render/frame-signature';

describe('frame signature', () => {
  it('the first frame always changes; the same list after a drawn frame does not', () => {
    const sign = new FrameSignature();
    expect(sign.begin().addAll([1, 2, 3]).changed).toBe(true);
    sign.commit();
    expect(sign.begin().addAll([1, 2, 3]).changed).toBe(false);
    expect(sign.begin().addAll([1, 2, 3]).add(4).changed).toBe(true); // a longer list (a view added)
    expect(sign.begin().addAll([1, 2]).changed).toBe(true);
    expect(sign.begin().addAll([1, 2, 3.0000001]).changed).toBe(true);
  });

  it('compares with the last frame drawn, not the last one asked about', () => {
    const sign = new FrameSignature();
    sign.begin().add(1).commit();
    expect(sign.begin().add(2).changed).toBe(true); // not drawn: no commit
    expect(sign.begin().add(1).changed).toBe(false);
    sign.begin().add(2).commit();
    expect(sign.begin().add(1).changed).toBe(true);
  });

  it('NaN equals NaN (no endless redraws), and 0 differs from -0', () => {
    const sign = new FrameSignature();
    sign.begin().add(Number.NaN).add(0).commit();
    expect(sign.begin().add(Number.NaN).add(0).changed).toBe(false);
    expect(sign.begin().add(Number.NaN).add(-0).changed).toBe(true);
  });

  it('forget() makes the next frame a change whatever it lists (a restored context)', () => {
    const sign = new FrameSignature();
    sign.begin().add(5).commit();
    sign.forget();
    expect(sign.begin().add(5).changed).toBe(true);
    sign.commit();
    expect(sign.begin().add(5).changed).toBe(false);
  });
});
