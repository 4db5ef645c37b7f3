import { describe, expect, it } from 'vitest';
import { cssColour, figureColours, hslToRgb, nameHue } from '../../src/net/name-colour';

describe('figure colours from a name', () => {
  it('are the same for the same name, every time', () => {
    expect(figureColours('Ann')).toEqual(figureColours('Ann'));
    expect(nameHue('Ann')).toBe(nameHue('Ann'));
  });

  it('spread names over the hues', () => {
    const hues = new Set(['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jo'].map((n) => Math.floor(nameHue(n) / 30)));
    // Ten names over twelve 30° bands: a hash that ignored the name would give one.
    expect(hues.size).toBeGreaterThanOrEqual(5);
    expect(nameHue('Player-0001')).not.toBe(nameHue('Player-0002'));
  });

  it('give a lighter head and darker legs than the body, of one hue', () => {
    const { head, body, legs } = figureColours('Ann');
    const sum = (c: number) => (c >> 16) + ((c >> 8) & 255) + (c & 255);
    expect(sum(head)).toBeGreaterThan(sum(body));
    expect(sum(legs)).toBeLessThan(sum(body));
  });

  it('convert HSL as CSS does', () => {
    expect(hslToRgb(0, 1, 0.5)).toBe(0xff0000);
    expect(hslToRgb(120, 1, 0.5)).toBe(0x00ff00);
    expect(hslToRgb(240, 1, 0.25)).toBe(0x000080);
    expect(hslToRgb(60, 0, 1)).toBe(0xffffff);
    expect(cssColour(0x00ff08)).toBe('#00ff08');
  });
});
