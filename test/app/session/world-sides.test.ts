/**
 * Compare mode's bookkeeping, with fake workers and a recording scene: which worlds are on
 * screen, which side is drawn where, that a side keeps its columns when compare mode starts,
 * and that ending it disposes the other side whole.
 */
import { describe, expect, it } from 'vitest';
import { PoolScheduler } from '../../../src/app/loading/pool-scheduler';
import { WorldSides } from '../../../src/app/session/world-sides';
import type { BatchedLayer, ColumnMeshes, LayerView, WorldScene } from '../../../src/render';
import type { ViewCone } from '../../../src/stream';
import { buildColumn } from '../../../src/workers/build-column';
import type { BuildColumnRequest } from '../../../src/workers';
import { DEFAULT_WORLD_PARAMS } from '../../../src/world';
import { FakeWorker, SceneRecorder } from '../../workers/fake-worker';

class Layer extends SceneRecorder {
  removed = false;
  constructor(readonly name: string) {
    super();
  }
  get count(): number {
    return this.shown.size;
  }
}

class FakeScene {
  readonly layers: Layer[] = [];
  lastViews: { name: string; from: number; to: number }[] = [];
  createColumnLayer(name: string): ColumnMeshes {
    const layer = new Layer(name);
    this.layers.push(layer);
    return layer as unknown as ColumnMeshes;
  }
  /** Far terrain stays off in these tests (far distance 0): a layer that only counts. */
  createLodLayer(): BatchedLayer {
    const items = new Set<string>();
    return {
      set: (key: string) => items.add(key),
      remove: (key: string) => items.delete(key),
      setVisible: () => undefined,
      get count() {
        return items.size;
      },
    } as unknown as BatchedLayer;
  }
  removeColumnLayer(layer: ColumnMeshes): void {
    (layer as unknown as Layer).removed = true;
  }
  render(views: readonly LayerView[]) {
    this.lastViews = views.map((v) => ({ name: (v.layer as unknown as Layer).name, from: v.from, to: v.to }));
    return views.map((_, i) => ({ drawCalls: 10 + i, triangles: 1000 * (i + 1) }));
  }
}

class BuildingWorker extends FakeWorker {
  override postMessage(message: unknown): void {
    super.postMessage(message);
    const request = message as BuildColumnRequest;
    queueMicrotask(() => {
      if (this.outstanding.has(request.id)) this.deliver(buildColumn(request, () => 0));
    });
  }
}

function setup(noise: 'perlin' | 'simplex' = 'perlin') {
  const scene = new FakeScene();
  const workers: BuildingWorker[] = [];
  const scheduler = new PoolScheduler(() => {
    const w = new BuildingWorker(workers.length);
    workers.push(w);
    return w;
  }, { workerError: () => undefined }, 2);
  const edits: string[] = [];
  const sides = new WorldSides(
    scene as unknown as WorldScene,
    scheduler,
    { ...DEFAULT_WORLD_PARAMS, noise },
    { error: () => undefined, editsFor: (_cx, _cz, key) => (edits.push((key.includes('"simplex"') ? 'simplex' : 'perlin')), []), editsIn: () => [] },
    { renderDistance: 2, farDistance: 0, applyBudgetMs: 1000 },
  );
  const cone: ViewCone = { x: 0.5, z: 0.5, dirX: 1, dirZ: 0, cosHalfAngle: 0.5 };
  const settle = async () => {
    for (let i = 0; i < 200 && !(sides.isSettled() && i > 0); i++) {
      sides.frame(cone, () => 0);
      await new Promise((r) => setTimeout(r, 0));
    }
    sides.frame(cone, () => 0);
  };
  return { scene, sides, scheduler, workers, settle, edits };
}

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
});
