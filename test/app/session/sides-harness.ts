/**
 * WorldSides with fake workers that build every request for real and a scene that records
 * what it is asked to draw: shared by the tests of the worlds on screen.
 */
import { expect } from 'vitest';
import { PoolScheduler } from '../../../src/app/loading/pool-scheduler';
import { WorldSides } from '../../../src/app/session/world-sides';
import type { ColumnMeshes, FarTerrain, LayerView, WorldScene } from '../../../src/render';
import { lodRegionKey, type ViewCone } from '../../../src/stream';
import { buildColumn } from '../../../src/workers/build-column';
import { buildLodRegion } from '../../../src/workers/build-lod';
import type { WorkerRequest } from '../../../src/workers';
import { DEFAULT_WORLD_PARAMS, type BlockEdit } from '../../../src/world';
import { FakeWorker, SceneRecorder } from '../../workers/fake-worker';

export class Layer extends SceneRecorder {
  removed = false;
  constructor(readonly name: string) {
    super();
  }
  get count(): number {
    return this.shown.size;
  }
}

/** Stands in for a far-terrain layer (FarTerrain): an item is drawn when set, until hidden. */
export class LodLayer {
  readonly items = new Map<string, { visible: boolean }>();
  /** FarTerrain's: whether it draws with the per-fragment mask (never, here). */
  readonly masking = false;
  set(key: string): void {
    this.items.set(key, { visible: true });
  }
  remove(key: string): void {
    this.items.delete(key);
  }
  setVisible(key: string, visible: boolean): void {
    const item = this.items.get(key);
    if (item) item.visible = visible;
  }
  get count(): number {
    return this.items.size;
  }
  isVisible(key: string): boolean {
    return this.items.get(key)?.visible === true;
  }
}

export class FakeScene {
  readonly layers: Layer[] = [];
  readonly lodLayers: LodLayer[] = [];
  lastViews: { name: string; from: number; to: number }[] = [];
  /** The eye, above the default world's ground (cave-face culling asks what is around it). */
  readonly camera = { position: { x: 8, y: 200, z: 8 } };
  nearReach(): number {
    return 0.2;
  }
  createColumnLayer(name: string): ColumnMeshes {
    const layer = new Layer(name);
    this.layers.push(layer);
    return layer as unknown as ColumnMeshes;
  }
  createLodLayer(): FarTerrain {
    const layer = new LodLayer();
    this.lodLayers.push(layer);
    return layer as unknown as FarTerrain;
  }
  removeColumnLayer(layer: ColumnMeshes): void {
    (layer as unknown as Layer).removed = true;
  }
  render(views: readonly LayerView[]) {
    this.lastViews = views.map((v) => ({ name: (v.layer as unknown as Layer).name, from: v.from, to: v.to }));
    return views.map((_, i) => ({ drawCalls: 10 + i, triangles: 1000 * (i + 1) }));
  }
}

/** Builds every request for real, a microtask after it is posted. */
export class BuildingWorker extends FakeWorker {
  override postMessage(message: unknown): void {
    super.postMessage(message);
    const request = message as WorkerRequest;
    queueMicrotask(() => {
      if (!this.outstanding.has(request.id)) return;
      this.deliver(request.type === 'lod' ? buildLodRegion(request, () => 0) : buildColumn(request, () => 0));
    });
  }
}

/**
 * Far terrain is off unless asked for (far distance 0): most tests are about columns. The
 * requests carry no edits unless `editsFor` hands them out (the game's editor does).
 */
export function setup(noise: 'perlin' | 'simplex' = 'perlin', farDistance = 0, editsFor: (cx: number, cz: number, key: string) => BlockEdit[] = () => []) {
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
    {
      error: () => undefined,
      editsFor: (cx, cz, key) => {
        edits.push(key.includes('"simplex"') ? 'simplex' : 'perlin');
        return editsFor(cx, cz, key);
      },
      editsIn: () => [],
      blockAt: () => 0,
    },
    { renderDistance: 2, farDistance, applyBudgetMs: 1000 },
  );
  let cone: ViewCone = { x: 0.5, z: 0.5, dirX: 1, dirZ: 0, cosHalfAngle: 0.5 };
  const settle = async (at: ViewCone = cone) => {
    cone = at;
    for (let i = 0; i < 400 && !(sides.isSettled() && i > 0); i++) {
      sides.frame(cone, () => 0);
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(sides.isSettled()).toBe(true);
    sides.frame(cone, () => 0);
  };
  return { scene, sides, scheduler, workers, settle, edits };
}

/** Far regions a side wants that its LOD layer does not draw (what the scene would show as holes). */
export function farHoles(scene: FakeScene, sides: WorldSides): string[] {
  return sides.all.flatMap((side) => {
    const layer = scene.lodLayers.find((l) => (l as unknown) === side.lodLayer)!;
    return side.lodStreamer.wantedRegions().map(lodRegionKey).filter((key) => !layer.isVisible(key)).map((key) => `${side.noise} ${key}`);
  });
}

