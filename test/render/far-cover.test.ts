/**
 * FarCover: which far items loaded columns cover. An item with every column loaded is not
 * drawn; one with some loaded is drawn and needs the mask; the owner's wish (the swap rule)
 * comes first; every change made by a column is reported once. Checked against a brute-force
 * restatement over random loads and unloads.
 */
import { describe, expect, it } from 'vitest';
import { FarCover, type FarSquare } from '../../src/render/far-cover';
import { mulberry32 } from '../support/random';

describe('FarCover', () => {
  it('leaves out a column piece while its column is loaded, and reports each change', () => {
    const changes: [string, boolean][] = [];
    const cover = new FarCover((key, drawn) => changes.push([key, drawn]));
    expect(cover.add('a', { cx0: -3, cz0: 5, size: 1 }, true)).toBe(true);
    cover.setLoaded(-3, 5, true);
    cover.setLoaded(-3, 5, true); // no change
    cover.setLoaded(-2, 5, true); // another column
    expect(cover.isDrawn('a')).toBe(false);
    cover.setLoaded(-3, 5, false);
    expect(changes).toEqual([
      ['a', false],
      ['a', true],
    ]);
    expect(cover.masking).toBe(false);
  });

  it('a whole region with some columns loaded needs the mask; with all of them, it is not drawn', () => {
    const cover = new FarCover();
    cover.setLoaded(4, 4, true);
    // Added after the column loaded: counted at once.
    expect(cover.add('r', { cx0: 4, cz0: 4, size: 2 }, true)).toBe(true);
    expect(cover.masking).toBe(true);
    cover.setLoaded(5, 4, true);
    cover.setLoaded(4, 5, true);
    cover.setLoaded(5, 5, true);
    expect(cover.isDrawn('r')).toBe(false);
    expect(cover.masking).toBe(false);
    cover.setLoaded(5, 5, false);
    expect(cover.masking).toBe(true);
    // Held hidden by its owner: not drawn, so it needs no mask.
    expect(cover.setWanted('r', false)).toBe(false);
    expect(cover.masking).toBe(false);
    expect(cover.setWanted('r', true)).toBe(true);
    cover.remove('r');
    expect(cover.masking).toBe(false);
    expect(cover.itemCount).toBe(0);
    expect(cover.setWanted('r', true)).toBe(false);
  });

  it('matches a brute-force restatement over random loads, items and wishes', () => {
    const random = mulberry32(21);
    const int = (n: number) => Math.floor(random() * n);
    const cover = new FarCover();
    const loaded = new Set<string>();
    const items = new Map<string, FarSquare & { wanted: boolean }>();
    for (let step = 0; step < 3000; step++) {
      const roll = random();
      if (roll < 0.6) {
        const [cx, cz] = [int(24) - 12, int(24) - 12];
        const on = random() < 0.6;
        cover.setLoaded(cx, cz, on);
        if (on) loaded.add(`${cx},${cz}`);
        else loaded.delete(`${cx},${cz}`);
      } else if (roll < 0.8) {
        const size = 2 ** int(4);
        const square = { cx0: (Math.floor((int(24) - 12) / size)) * size, cz0: Math.floor((int(24) - 12) / size) * size, size };
        const key = `i${int(12)}`;
        const wanted = random() < 0.8;
        cover.add(key, square, wanted);
        items.set(key, { ...square, wanted });
      } else if (roll < 0.9) {
        const key = `i${int(12)}`;
        cover.remove(key);
        items.delete(key);
      } else {
        const key = `i${int(12)}`;
        const wanted = random() < 0.5;
        cover.setWanted(key, wanted);
        const item = items.get(key);
        if (item) item.wanted = wanted;
      }
      let partial = 0;
      for (const [key, it] of items) {
        let inside = 0;
        for (let z = it.cz0; z < it.cz0 + it.size; z++) for (let x = it.cx0; x < it.cx0 + it.size; x++) if (loaded.has(`${x},${z}`)) inside++;
        const drawn = it.wanted && inside < it.size * it.size;
        expect(cover.isDrawn(key)).toBe(drawn);
        if (drawn && inside > 0) partial++;
      }
      expect(cover.partlyCovered).toBe(partial);
    }
  });
});
