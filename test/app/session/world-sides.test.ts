/**
 * Compare mode's bookkeeping, with fake workers and a recording scene: which worlds are on
 * screen, which side is drawn where, that a side keeps its columns when compare mode starts,
 * that ending it disposes the other side whole, and that a new world keeps every side's far
 * view drawn.
 */
import { describe, expect, it } from 'vitest';
import type { ViewCone } from '../../../src/stream';
import { DEFAULT_WORLD_PARAMS } from '../../../src/world';
import { farHoles, setup } from './sides-harness';

describe('WorldSides', () => {
  it('shows one world across the whole view, until compare mode puts Perlin left and simplex right', async () => {
    const { scene, sides, settle } = setup('simplex');
    await settle();
    sides.render();
    expect(scene.lastViews).toEqual([{ name: 'columns (simplex)', from: 0, to: 1 }]);
    const simplexLayer = scene.layers[0]!;
    const built = sides.primary.loader.columnsBuilt;

    expect(sides.setCompare(true)).toBe(true);
    sides.split = 0.3;
    await settle();
    sides.render();
    expect(sides.all.map((s) => s.noise)).toEqual(['perlin', 'simplex']);
    expect(scene.lastViews).toEqual([
      { name: 'columns (perlin)', from: 0, to: 0.3 },
      { name: 'columns (simplex)', from: 0.3, to: 1 },
    ]);
    // The simplex side kept its columns: nothing of it was built again.
    expect(sides.withNoise('simplex')!.loader.columnsBuilt).toBe(built);
    expect(sides.withNoise('perlin')!.loader.columnsBuilt).toBe(13);
    expect(sides.all.map((s) => s.lastPass.triangles)).toEqual([1000, 2000]);
    expect(sides.sideAt(0.5).noise).toBe('simplex');
    expect(sides.sideAt(0.2).noise).toBe('perlin');
    expect(simplexLayer.removed).toBe(false);
  });

  it('ending compare mode keeps the primary world and disposes the other whole', async () => {
    const { scene, sides, scheduler, settle } = setup('perlin');
    sides.setCompare(true);
    await settle();
    const simplexLayer = scene.layers.find((l) => l.name === 'columns (simplex)')!;
    expect(simplexLayer.count).toBe(13);
    expect(scheduler.clientCount).toBe(4); // each side: its columns and its far regions
    expect(sides.setCompare(false)).toBe(true);
    expect(simplexLayer.removed).toBe(true);
    expect(scheduler.clientCount).toBe(2);
    expect(sides.all.map((s) => s.noise)).toEqual(['perlin']);
    expect(sides.setCompare(false)).toBe(false);
  });

  it('new parameters reach both sides, each with its own noise; each asks for its own world\'s edits', async () => {
    const { sides, settle, edits } = setup('perlin');
    sides.setCompare(true);
    await settle();
    edits.length = 0;
    sides.setParams({ ...DEFAULT_WORLD_PARAMS, seed: 'other', noise: 'perlin' });
    await settle();
    expect(sides.all.map((s) => [s.params.seed, s.noise])).toEqual([['other', 'perlin'], ['other', 'simplex']]);
    expect(edits.filter((n) => n === 'perlin')).toHaveLength(13);
    expect(edits.filter((n) => n === 'simplex')).toHaveLength(13);
    // Naming the other noise makes it the primary world: the one kept when compare mode ends.
    sides.setParams({ ...DEFAULT_WORLD_PARAMS, seed: 'other', noise: 'simplex' });
    expect(sides.primary.noise).toBe('simplex');
    expect(sides.primaryFirst.map((s) => s.noise)).toEqual(['simplex', 'perlin']);
  });

  it('dispose frees every side, leaves the pool, and is safe twice', () => {
    const { scene, sides, scheduler } = setup();
    sides.setCompare(true);
    expect(scheduler.clientCount).toBe(4);
    sides.dispose();
    sides.dispose();
    expect(scene.layers.every((l) => l.removed)).toBe(true);
    expect(scheduler.clientCount).toBe(0);
  });

  it('every side looks at the new view before any asks for columns', () => {
    const { sides, workers } = setup('perlin');
    sides.setCompare(true);
    const far: ViewCone = { x: 500.5, z: 0.5, dirX: 1, dirZ: 0, cosHalfAngle: 0.5 };
    sides.frame(far, () => 0);
    const requested = workers.flatMap((w) => w.posted.map((r) => r.cx));
    expect(requested.length).toBeGreaterThan(0);
    for (const cx of requested) expect(Math.abs(cx - 500)).toBeLessThanOrEqual(2);
  });

  it('a new world in compare mode keeps both sides\' far view drawn, and each ends drawn with its new world', async () => {
    const { scene, sides, settle } = setup('perlin', 12);
    sides.setCompare(true);
    await settle();
    expect(farHoles(scene, sides)).toEqual([]);
    const wanted = sides.all.map((side) => side.lodStreamer.counts.wanted);
    expect(Math.min(...wanted)).toBeGreaterThan(10);
    sides.setParams({ ...DEFAULT_WORLD_PARAMS, seed: 'other', noise: 'perlin' });
    for (let i = 0; i < 5; i++) {
      sides.frame({ x: 0.5, z: 0.5, dirX: 1, dirZ: 0, cosHalfAngle: 0.5 }, () => 0);
      await new Promise((r) => setTimeout(r, 0));
      expect(farHoles(scene, sides), `after ${i + 1} frames of the new world`).toEqual([]);
    }
    await settle();
    expect(farHoles(scene, sides)).toEqual([]);
    expect(sides.all.map((side) => side.farCoverage())).toEqual(wanted.map((n) => ({ wanted: n, drawn: n, current: n })));
    expect(sides.farProgress()).toEqual({ shown: wanted[0]! + wanted[1]!, wanted: wanted[0]! + wanted[1]! });
  });

  it('flying on after a new world brings the far view back whole, not as a patchwork', async () => {
    const { scene, sides, settle } = setup('perlin', 12);
    await settle();
    sides.setParams({ ...DEFAULT_WORLD_PARAMS, seed: 'other', noise: 'perlin' });
    await settle();
    // A short hop: most regions stay in the layout (replaced in place), some are new.
    for (const x of [1.5, 4.5, 9.5]) {
      await settle({ x, z: 0.5, dirX: 1, dirZ: 0, cosHalfAngle: 0.5 });
      expect(farHoles(scene, sides), `at column ${x}`).toEqual([]);
    }
    const far = sides.primary.farCoverage();
    expect(far.wanted).toBeGreaterThan(10);
    expect(far).toEqual({ wanted: far.wanted, drawn: far.wanted, current: far.wanted });
  });
});
