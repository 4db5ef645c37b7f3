/**
 * The worlds on screen and how they share it. Normally one world, drawn across the whole
 * view. In compare mode, two: the same parameters made with our Perlin noise (left) and with
 * simplex-noise (right), each streaming its own columns through the one worker pool, drawn
 * with the one camera into the strips either side of the divider.
 *
 * The primary side is the one whose noise the parameters name: it is the world the game
 * shows alone, and the one that stays when compare mode ends; the other is disposed.
 */
import type { WorldScene } from '../../render';
import { eyeInOpenCells, type ViewCone } from '../../stream';
import { NOISE_SOURCES, type BlockEdit, type NoiseSource, type WorldParams } from '../../world';
import { applyBudgetMs, DEFAULT_APPLY_BUDGET_OPTIONS } from '../loading/apply-budget';
import { FrameBudget } from '../loading/frame-budget';
import { uploadBudgetBytes } from '../loading/upload-budget';
import type { PoolScheduler } from '../loading/pool-scheduler';
import { WorldSide } from './world-side';

export interface WorldSidesEvents {
  error(message: string): void;
  /** Player edits of the world with this key, for a column request. */
  editsFor(cx: number, cz: number, worldKey: string): BlockEdit[];
  /** Player edits of the world with this key inside a range of columns, for a far region's request. */
  editsIn(cx0: number, cz0: number, cx1: number, cz1: number, worldKey: string): BlockEdit[];
  /** The block at a cell of the world with this key (edits included): cave-face culling asks around the eye. */
  blockAt(x: number, y: number, z: number, worldKey: string): number;
}

export interface WorldSidesOptions {
  renderDistance: number;
  /** How far levels of detail reach, in columns (0: none). */
  farDistance: number;
  /** Milliseconds per frame for turning worker results into geometry, shared by all sides. */
  applyBudgetMs: number;
}

/** Compare mode's order, left to right. */
export const COMPARE_ORDER: readonly NoiseSource[] = NOISE_SOURCES;

export class WorldSides {
  private sides: WorldSide[];
  private params: WorldParams;
  private comparing = false;
  /** The divider, as a fraction of the width: left of it the first side, right of it the second. */
  split = 0.5;
  /**
   * Cave-face culling (src/render/section-culling.ts): on, except to compare with it off
   * (window.__game.setCaveCulling, the benchmark and the tests' pictures).
   */
  caveCulling = true;
  private readonly options: WorldSidesOptions;
  private disposed = false;

  constructor(
    private readonly scene: WorldScene,
    private readonly scheduler: PoolScheduler,
    params: WorldParams,
    private readonly events: WorldSidesEvents,
    options: WorldSidesOptions,
  ) {
    this.options = { ...options };
    this.params = { ...params };
    this.sides = [this.createSide(this.params)];
  }

  get compare(): boolean {
    return this.comparing;
  }

  /** Left to right. */
  get all(): readonly WorldSide[] {
    return this.sides;
  }

  /** The world named by the parameters (the one shown alone). Not to be asked after dispose(). */
  get primary(): WorldSide {
    const side = this.sides.find((s) => s.noise === this.params.noise) ?? this.sides[0];
    if (!side) throw new Error('WorldSides: disposed');
    return side;
  }

  /** Primary first: the order the editor takes its worlds in. */
  get primaryFirst(): WorldSide[] {
    const primary = this.primary;
    return [primary, ...this.sides.filter((s) => s !== primary)];
  }

  withNoise(noise: NoiseSource): WorldSide | undefined {
    return this.sides.find((s) => s.noise === noise);
  }

  withKey(key: string): WorldSide | undefined {
    return this.sides.find((s) => s.key === key);
  }

  /** The side drawn at the horizontal position `x` (a fraction of the width). */
  sideAt(x: number): WorldSide {
    if (!this.comparing) return this.primary;
    return x < this.split ? this.sides[0]! : this.sides[this.sides.length - 1]!;
  }

  /** New parameters. In compare mode every side takes them with its own noise source. */
  setParams(params: WorldParams): void {
    this.params = { ...params };
    if (this.comparing) for (const side of this.sides) side.setParams({ ...params, noise: side.noise });
    else this.sides[0]!.setParams(this.params);
  }

  /**
   * Turns compare mode on (the missing side is created, the existing one keeps its columns)
   * or off (every side but the primary is disposed). Returns whether anything changed.
   */
  setCompare(on: boolean): boolean {
    if (on === this.comparing || this.disposed) return false;
    this.comparing = on;
    if (on) {
      this.sides = COMPARE_ORDER.map((noise) => this.withNoise(noise) ?? this.createSide({ ...this.params, noise }));
    } else {
      const keep = this.primary;
      for (const side of this.sides) if (side !== keep) side.dispose();
      this.sides = [keep];
    }
    return true;
  }

  setRenderDistance(radius: number): void {
    this.options.renderDistance = radius;
    for (const side of this.sides) side.setViewDistances(radius, this.options.farDistance);
  }

  setFarDistance(columns: number): void {
    this.options.farDistance = columns;
    for (const side of this.sides) side.setViewDistances(this.options.renderDistance, columns);
  }

  /**
   * One frame of streaming for every side: all look first, then the pool is filled in turns,
   * then each applies what arrived within its share of the budget.
   */
  frame(cone: ViewCone, now: () => number, lastFrameMs = 0): void {
    if (this.disposed) return;
    for (const side of this.sides) side.look(cone);
    this.scheduler.topUp();
    const share = this.shareOnScreen();
    const ms = applyBudgetMs(lastFrameMs, share, { ...DEFAULT_APPLY_BUDGET_OPTIONS, baseMs: this.options.applyBudgetMs });
    const bytes = uploadBudgetBytes(lastFrameMs);
    for (const side of this.sides) side.apply(new FrameBudget(now, ms / this.sides.length, bytes / this.sides.length));
  }

  /**
   * Draws every side into its strip and records what each pass submitted. A frame showing
   * what the last one drawn showed is skipped unless `force` (WorldScene.render).
   */
  render(force = false): void {
    const eye = this.scene.camera.position;
    const reach = this.scene.nearReach();
    // Each side's own world decides: the eye may be in a cave on one side and in rock on the other.
    const cull = (side: WorldSide): boolean =>
      this.caveCulling && eyeInOpenCells((x, y, z) => this.events.blockAt(x, y, z, side.key), eye.x, eye.y, eye.z, reach);
    const views = this.comparing
      ? this.sides.map((side, i) => ({ layer: side.layer, from: i === 0 ? 0 : this.split, to: i === 0 ? this.split : 1, cull: cull(side) }))
      : [{ layer: this.primary.layer, from: 0, to: 1, cull: cull(this.primary) }];
    const passes = this.scene.render(views, force);
    const drawn = this.comparing ? this.sides : [this.primary];
    drawn.forEach((side, i) => (side.lastPass = passes[i] ?? { drawCalls: 0, triangles: 0 }));
  }

  /** Loading progress summed over the sides on screen. */
  progress(): { ready: number; failed: number; wanted: number } {
    const total = { ready: 0, failed: 0, wanted: 0 };
    for (const side of this.sides) {
      const p = side.streamer.progress();
      total.ready += p.ready;
      total.failed += p.failed;
      total.wanted += p.wanted;
    }
    return total;
  }

  /** Wanted far regions drawn with their current mesh, and how many are wanted, summed over the sides on screen. */
  farProgress(): { shown: number; wanted: number } {
    const total = { shown: 0, wanted: 0 };
    for (const side of this.sides) {
      const far = side.farCoverage();
      total.wanted += far.wanted;
      // Drawn with this world's mesh: during a seed change the old world's regions stay drawn
      // until replaced, and counting them would call loading done before it started.
      total.shown += far.current;
    }
    return total;
  }

  /** The share (0..1) of wanted columns and far regions on screen, over every side. */
  shareOnScreen(): number {
    const p = this.progress();
    const far = this.farProgress();
    const wanted = p.wanted + far.wanted;
    return wanted === 0 ? 1 : (p.ready + p.failed + far.shown) / wanted;
  }

  /** Every side has all its wanted columns and far regions on screen (or failed for good). */
  isSettled(): boolean {
    return this.sides.every((s) => s.isSettled());
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const side of this.sides) side.dispose();
    this.sides = [];
  }

  private createSide(params: WorldParams): WorldSide {
    const side: WorldSide = new WorldSide(
      params,
      this.scene,
      this.scheduler,
      {
        error: (message) => this.events.error(message),
        editsFor: (cx, cz) => this.events.editsFor(cx, cz, side.key),
        editsIn: (cx0, cz0, cx1, cz1) => this.events.editsIn(cx0, cz0, cx1, cz1, side.key),
      },
      { renderDistance: this.options.renderDistance, farDistance: this.options.farDistance },
    );
    return side;
  }
}
