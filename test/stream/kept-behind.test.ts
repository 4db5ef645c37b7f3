/**
 * The HUD's "kept behind" figure: loaded columns beyond R, held by the unload margin. It
 * explains why more columns are loaded than wanted, so it must count exactly those.
 */
import { describe, expect, it } from 'vitest';
import { ColumnStreamer, type ViewCone } from '../../src/stream';

const view = (cx: number, cz: number): ViewCone => ({ x: cx + 0.5, z: cz + 0.5, dirX: 0, dirZ: 0, cosHalfAngle: 0.5 });

/** Requests every wanted column and completes it, as if every worker answered at once. */
function loadAll(s: ColumnStreamer): number {
  const taken = s.book.take(100_000, s.wanted());
  for (const r of taken) s.book.arrived(r, s.wanted());
  return taken.length;
}

describe('ColumnStreamer.keptBehindCount', () => {
  it('is zero while every loaded column is wanted', () => {
    const s = new ColumnStreamer({ renderDistance: 3 });
    s.setView(view(0, 0));
    expect(loadAll(s)).toBeGreaterThan(0);
    expect(s.keptBehindCount()).toBe(0);
    expect(s.loadedCount()).toBe(s.progress().wanted);
  });

  it('counts the loaded columns between R and R + margin after a move, and only those', () => {
    const R = 3;
    const s = new ColumnStreamer({ renderDistance: R, unloadMargin: 2 });
    s.setView(view(0, 0));
    loadAll(s);
    s.setView(view(2, 0));
    s.screenChanges();
    loadAll(s);
    let expected = 0;
    for (let cz = -R; cz <= R; cz++) {
      for (let cx = -R; cx <= R; cx++) {
        const fromOld = cx * cx + cz * cz <= R * R;
        const fromNew = (cx - 2) ** 2 + cz * cz;
        if (fromOld && fromNew > R * R) expected++;
      }
    }
    expect(expected).toBeGreaterThan(0);
    expect(s.keptBehindCount()).toBe(expected);
    expect(s.loadedCount()).toBe(s.progress().ready + expected);
  });
});
