/**
 * The composition root's main object: creates the scene, the streaming, the editor, the
 * controls and the UI, wires them together and runs the frame loop. Each of those lives in
 * its own module; what stays here is the wiring. Everything it creates it disposes.
 */
import { WorldScene } from '../render';
import { clampRenderDistance, DEFAULT_STREAM_OPTIONS } from '../stream';
import { CompareDivider, Hud, ProgressBar, SettingsPanel, StartOverlay, Toasts, type SettingsModel } from '../ui';
import { clampPoolSize, defaultPoolSize, type WorkerLike } from '../workers/worker-pool';
import { COLUMN_SIZE, DEFAULT_WORLD_PARAMS, findLandSpawn, riseAboveGround, sanitizeWorldParams, spawnAbove, TILE_COUNT, worldParamsKey, type NoiseSource, type WorldParams } from '../world';
import { BlockEditor, PALETTE } from './block-editor';
import { lookDirection, type CameraPose } from './camera-pose';
import type { EditPersistence } from './edit-persistence';
import { FlyControls } from './fly-controls';
import { FrameClock } from './frame-clock';
import { FrameWorkLog } from './frame-work-log';
import { GameInput } from './game-input';
import { compareSideData, hudDataOf, NOISE_LABELS } from './hud-data';
import { PointerLock } from './pointer-lock';
import { PoolScheduler } from './pool-scheduler';
import { randomSeedText } from './random-seed';
import { createTestApi, type GameStats, type GameTestApi } from './test-api';
import { formatLabUrl, formatUrlState, MAX_COORDINATE, parseUrlState } from './url-state';
import { UrlSync } from './url-sync';
import { COMPARE_ORDER, WorldSides } from './world-sides';

export type { GameStats, GameTestApi } from './test-api';

export interface GameOptions {
  root: HTMLElement;
  canvas: HTMLCanvasElement;
  atlas: { pixels: Uint8ClampedArray; width: number };
  search: string;
  createWorker: () => WorkerLike;
  /** Where edits are saved; null when the browser cannot store them. */
  persistence: EditPersistence | null;
  /** Edits saved in earlier sessions, by world key. */
  savedEdits: Map<string, unknown[]>;
  hardwareConcurrency: number | undefined;
}

/** The view at spawn: looking north-east and a little down, over the land. */
const SPAWN_YAW = -Math.PI / 4;
const SPAWN_PITCH = -0.35;
/** Horizontal half field of view used for load priority, widened so edges load early. */
const VIEW_PRIORITY_COS_HALF_ANGLE = Math.cos((70 * Math.PI) / 180);
/** Milliseconds per frame that may go to turning worker results into GPU geometry. */
const APPLY_BUDGET_MS = 4;
/** Where the camera may go: far enough for any trip, inside the world's vertical range. */
const CAMERA_MIN_Y = -50;
const CAMERA_MAX_Y = 600;
/**
 * Compare mode keeps two worlds in memory and draws both, so it caps the render distance:
 * at 16 the two hold about as many columns as one world at 23.
 */
export const COMPARE_MAX_RENDER_DISTANCE = 16;

export class Game {
  readonly api: GameTestApi;
  private readonly scene: WorldScene;
  private readonly scheduler: PoolScheduler;
  private readonly sides: WorldSides;
  private readonly divider: CompareDivider;
  /** The render distance the player asked for; compare mode may show less (COMPARE_MAX_RENDER_DISTANCE). */
  private wantedRenderDistance: number = DEFAULT_STREAM_OPTIONS.renderDistance;
  private readonly pose: CameraPose;
  private readonly controls: FlyControls;
  private readonly pointerLock: PointerLock;
  private readonly input: GameInput;
  private readonly hud: Hud;
  private readonly overlay: StartOverlay;
  private readonly progressBar: ProgressBar;
  private readonly toasts: Toasts;
  private readonly panel: SettingsPanel;
  private readonly model: SettingsModel;
  private readonly editor: BlockEditor;
  private readonly urlSync: UrlSync;
  private readonly clock = new FrameClock();
  private readonly frameWork = new FrameWorkLog();
  private params: WorldParams;
  private readonly readyWaiters: (() => void)[] = [];
  private frameHandle = 0;
  private disposed = false;
  private readonly onResize = () => this.scene.resize(window.innerWidth, window.innerHeight);

  constructor(private readonly options: GameOptions) {
    const url = parseUrlState(options.search);
    for (const w of url.warnings) console.warn(w);
    this.params = url.params;
    const workers = defaultPoolSize(options.hardwareConcurrency);
    this.model = { ...this.params, renderDistance: DEFAULT_STREAM_OPTIONS.renderDistance, workers, compare: false };

    this.scene = new WorldScene({ canvas: options.canvas, atlas: options.atlas, tileCount: TILE_COUNT, renderDistance: this.model.renderDistance });
    this.hud = new Hud(options.root);
    this.progressBar = new ProgressBar(options.root);
    this.editor = new BlockEditor(options.persistence, options.savedEdits, {
      columnsChanged: (columns, worldKey) => this.sides.withKey(worldKey)?.loader.invalidate(columns),
      message: (text, kind) => this.toasts.show(text, kind),
    });
    this.scheduler = new PoolScheduler(options.createWorker, { workerError: (message, willRetry) => this.reportError(`Worker error${willRetry ? ' (retrying)' : ''}: ${message}`) }, workers);
    this.sides = new WorldSides(
      this.scene,
      this.scheduler,
      this.params,
      { error: (message) => this.reportError(message), editsFor: (cx, cz, key) => this.editor.editsFor(cx, cz, key) },
      { renderDistance: this.model.renderDistance, applyBudgetMs: APPLY_BUDGET_MS },
    );
    this.editor.setWorld(this.params);

    const hasPosition = url.position.x !== undefined || url.position.z !== undefined;
    const spawn = hasPosition ? spawnAbove(this.params, url.position.x ?? 8, url.position.z ?? 8) : findLandSpawn(this.params);
    this.pose = { x: url.position.x ?? spawn.x, y: url.position.y ?? spawn.y, z: url.position.z ?? spawn.z, yaw: url.look.yaw ?? SPAWN_YAW, pitch: url.look.pitch ?? SPAWN_PITCH };
    this.controls = new FlyControls(this.pose);

    this.overlay = new StartOverlay(options.root, () => this.pointerLock.request());
    const [left, right] = COMPARE_ORDER.map((noise) => NOISE_LABELS[noise]);
    this.divider = new CompareDivider(options.root, [left!, right!], { moved: (split) => (this.sides.split = split) });
    this.pointerLock = new PointerLock(options.canvas, {
      changed: (locked) => {
        if (locked) this.overlay.hide();
        else {
          this.overlay.show();
          this.input.released();
        }
      },
      refused: () => this.toasts.show('The browser refused mouse capture. Wait a moment, then click again.', 'warning'),
    });
    this.input = new GameInput(options.canvas, this.pointerLock, this.controls, {
      breakBlock: () => this.editor.breakAimed(),
      placeBlock: () => this.editor.placeAtAim(),
      selectSlot: (slot) => this.editor.selectSlot(slot),
    });
    // Toasts last: messages sit above the start screen, where every panel action happens.
    this.toasts = new Toasts(options.root);
    for (const w of url.warnings) this.toasts.show(w, 'warning');

    this.panel = new SettingsPanel(this.model, {
      worldChanged: (p) => this.setWorld(p),
      renderDistanceChanged: (r) => this.setRenderDistance(r),
      compareChanged: (on) => this.setCompare(on),
      openLab: () => this.openLab(),
      workersChanged: (n) => this.setWorkers(n),
      randomSeed: () => this.setWorld({ ...this.params, seed: randomSeedText() }),
      resetTerrain: () => this.setWorld({ ...DEFAULT_WORLD_PARAMS, seed: this.params.seed, noise: this.params.noise }),
      copyLink: () => this.copyLink(),
      editCount: () => this.editor.editCountOnScreen,
      clearEdits: () => this.clearEdits(),
      notice: (text) => this.toasts.show(text, 'warning'),
    }, clampPoolSize(Math.max(4, (options.hardwareConcurrency ?? 2) * 2)));

    this.urlSync = new UrlSync(() => formatUrlState(this.params, this.pose, this.compareView()));
    this.pointerLock.connect();
    this.input.connect();
    this.urlSync.start();
    window.addEventListener('resize', this.onResize);

    this.api = createTestApi({
      whenReady: () => new Promise<void>((resolve) => this.readyWaiters.push(resolve)),
      stats: () => this.stats(),
      params: () => this.params,
      setWorld: (p) => this.setWorld(p),
      teleport: (x, y, z) => this.teleport(x, y, z),
      look: (yaw, pitch) => {
        this.pose.yaw = yaw;
        this.pose.pitch = pitch;
      },
      setRenderDistance: (r) => this.setRenderDistance(r),
      setWorkers: (n) => this.setWorkers(n),
      columnHash: (cx, cz, noise) => this.sideFor(noise).loader.hashOf(cx, cz),
      editBlock: (x, y, z, block) => this.editor.apply({ x, y, z, block }),
      blockAt: (x, y, z, noise) => this.editor.blockAt(x, y, z, this.sideFor(noise).key),
      editCount: (noise) => this.editor.editCountIn(this.sideFor(noise).key),
      progress: () => this.sides.primary.streamer.progress(),
      workerCount: () => this.scheduler.pool.size,
      staleDropped: () => this.sides.primary.loader.staleDropped,
      columnsBuilt: () => this.sides.primary.loader.columnsBuilt,
      setCompare: (on, split) => {
        if (split !== undefined) this.moveDivider(split);
        this.setCompare(on);
      },
      compare: () => ({ on: this.sides.compare, split: this.sides.split, sides: this.sides.all.map((side) => side.summary()) }),
      frameWork: () => this.frameWork.toArray(),
      clearFrameWork: () => this.frameWork.clear(),
      dispose: () => this.dispose(),
    });
    this.moveDivider(url.view.split);
    if (url.view.compare) this.setCompare(true);
    this.frameHandle = requestAnimationFrame(this.frame);
  }

  /** A message for the player (toast). */
  notify(text: string, kind: 'info' | 'warning' | 'error' = 'info'): void {
    this.toasts.show(text, kind);
  }

  private readonly frame = (now: number) => {
    if (this.disposed) return;
    const workStart = performance.now();
    const primary = this.sides.primary;
    this.frameHandle = requestAnimationFrame(this.frame);
    const dt = this.clock.tick(now);

    const playing = this.pointerLock.isLocked;
    if (playing) this.controls.update(dt);
    this.clampCamera();
    this.scene.setCameraPose(this.pose);
    const dir = lookDirection(this.pose.yaw, this.pose.pitch);
    // The crosshair sits mid-screen: aim in the world drawn there.
    this.editor.aimIn(this.sides.sideAt(0.5).key);
    this.scene.selection.show(playing ? this.editor.updateAim(this.pose, dir) : null);
    this.sides.frame(
      {
        x: this.pose.x / COLUMN_SIZE,
        z: this.pose.z / COLUMN_SIZE,
        dirX: dir.x,
        dirZ: dir.z,
        cosHalfAngle: VIEW_PRIORITY_COS_HALF_ANGLE,
      },
      () => performance.now(),
    );
    this.sides.render();

    const progress = this.sides.progress();
    this.progressBar.update(progress.ready + progress.failed, progress.wanted);
    if (this.overlay.visible) {
      this.overlay.setStatus(progress.ready < progress.wanted ? `Loading terrain… ${progress.ready} / ${progress.wanted} columns` : 'World ready.');
    }
    if (this.readyWaiters.length > 0 && this.sides.isSettled()) {
      for (const resolve of this.readyWaiters.splice(0)) resolve();
    }
    this.updateHud(now, primary.streamer.progress());
    this.frameWork.record(performance.now() - workStart);
  };

  /** Keeps the camera inside the world's usable box whatever the input did. */
  private clampCamera(): void {
    const p = this.pose;
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y) || !Number.isFinite(p.z)) {
      const spawn = findLandSpawn(this.params);
      p.x = spawn.x;
      p.y = spawn.y;
      p.z = spawn.z;
    }
    p.x = Math.min(MAX_COORDINATE, Math.max(-MAX_COORDINATE, p.x));
    p.z = Math.min(MAX_COORDINATE, Math.max(-MAX_COORDINATE, p.z));
    p.y = Math.min(CAMERA_MAX_Y, Math.max(CAMERA_MIN_Y, p.y));
  }

  private updateHud(now: number, progress: { ready: number; wanted: number }): void {
    // The HUD shows a few updates a second: gather its data (side summaries) only then.
    if (!this.hud.due(now)) return;
    const primary = this.sides.primary;
    const { loader, streamer } = primary;
    const frame = this.scene.stats();
    this.hud.update(
      now,
      hudDataOf({
        pose: this.pose,
        fps: this.clock.fps,
        params: this.params,
        streaming: {
          ready: progress.ready,
          wanted: progress.wanted,
          pending: streamer.pendingCount(),
          loaded: streamer.loadedCount(),
          keptBehind: streamer.keptBehindCount(),
        },
        perColumn: { generateMs: loader.generateMs.mean, meshMs: loader.meshMs.mean, quads: loader.quads.mean },
        frame,
        workers: this.scheduler.pool.size,
        speed: this.controls.currentSpeed,
        block: `${this.editor.selectedName} (${PALETTE.indexOf(this.editor.selectedBlock) + 1})`,
        edits: this.editor.editCount,
        compare: this.sides.compare ? this.sides.all.map((side) => compareSideData(side.summary(), this.editor.editCountIn(side.key))) : undefined,
      }),
    );
  }

  private stats(): GameStats {
    const s = this.scene.stats();
    const p = this.pose;
    const primary = this.sides.primary.streamer;
    return {
      loaded: primary.loadedCount(),
      pending: primary.pendingCount(),
      geometries: s.geometries,
      drawCalls: s.drawCalls,
      triangles: s.triangles,
      camera: { x: p.x, y: p.y, z: p.z },
    };
  }

  /** The side showing `noise`, or the primary one when no noise is named (or, with a warning, when that world is not on screen). */
  private sideFor(noise: NoiseSource | undefined) {
    const side = noise === undefined ? this.sides.primary : this.sides.withNoise(noise);
    if (side) return side;
    console.warn(`No ${noise} world is on screen (compare mode is off); using the ${this.sides.primary.noise} world`);
    return this.sides.primary;
  }

  private reportError(message: string): void {
    console.error(message);
    this.hud.showError(message);
  }

  private teleport(x: number, y: number, z: number): void {
    this.pose.x = x;
    this.pose.y = y;
    this.pose.z = z;
    this.controls.stop();
    this.clampCamera();
  }

  private setWorld(input: WorldParams): void {
    const { params, warnings } = sanitizeWorldParams(input);
    for (const w of warnings) this.toasts.show(w, 'warning');
    Object.assign(this.model, params);
    this.panel.refresh();
    if (worldParamsKey(params) === worldParamsKey(this.params)) return;
    this.params = params;
    // setParams only cancels; the new world's requests go out at the next top-up, by which
    // time the editor knows the new worlds and hands each request its world's edits.
    this.sides.setParams(params);
    this.syncEditorWorlds();
    // The new ground may stand where the camera is: never leave the player inside it.
    const risen = riseAboveGround(params, this.pose);
    if (risen.y !== this.pose.y) {
      this.pose.y = risen.y;
      this.controls.stop();
    }
    this.urlSync.writeNow();
  }

  /** The editor edits every world on screen, the primary one first. */
  private syncEditorWorlds(): void {
    this.editor.setWorlds(this.sides.primaryFirst.map((side) => side.params));
  }

  /**
   * Compare mode on or off. On, the other noise's world streams in beside this one, with the
   * render distance capped (two worlds take twice the memory); off, it is disposed and the
   * render distance the player asked for applies again.
   */
  private setCompare(on: boolean): void {
    const changed = this.sides.setCompare(on);
    this.model.compare = on;
    this.panel.refresh();
    if (!changed) return;
    this.syncEditorWorlds();
    this.options.root.classList.toggle('comparing', on);
    if (on) {
      this.divider.set(this.sides.split);
      this.divider.show();
    } else {
      this.divider.hide();
    }
    this.applyRenderDistance();
    this.urlSync.writeNow();
  }

  private moveDivider(split: number): void {
    this.divider.set(split);
    this.sides.split = this.divider.split;
  }

  private compareView(): { compare: boolean; split: number } {
    return { compare: this.sides.compare, split: this.sides.split };
  }

  /** The player asks for a render distance; compare mode shows at most COMPARE_MAX_RENDER_DISTANCE of it. */
  private setRenderDistance(radius: number): void {
    this.wantedRenderDistance = clampRenderDistance(radius);
    this.applyRenderDistance();
  }

  private applyRenderDistance(): void {
    const wanted = this.wantedRenderDistance;
    const r = this.sides.compare ? Math.min(wanted, COMPARE_MAX_RENDER_DISTANCE) : wanted;
    if (r < wanted) this.toasts.show(`Compare mode keeps two worlds in memory: render distance capped at ${r} columns (${wanted} asked) until it ends`, 'warning');
    this.model.renderDistance = r;
    this.panel.refresh();
    this.sides.setRenderDistance(r);
    this.scene.setRenderDistance(r);
  }

  private setWorkers(count: number): void {
    const n = clampPoolSize(count);
    this.model.workers = n;
    this.panel.refresh();
    this.scheduler.resize(n);
  }

  private clearEdits(): void {
    const n = this.editor.editCountOnScreen;
    for (const [key, columns] of this.editor.clearWorldEdits()) this.sides.withKey(key)?.loader.invalidate(columns);
    const where = this.sides.compare ? 'the two worlds' : 'this world';
    this.toasts.show(n > 0 ? `Removed ${n} edit${n === 1 ? '' : 's'} from ${where}` : this.sides.compare ? 'Neither world has edits' : 'This world has no edits');
  }

  /** Opens the noise lab on this world, centred where the camera is. */
  private openLab(): void {
    location.assign(formatLabUrl(this.params, this.pose));
  }

  private copyLink(): void {
    const url = location.origin + location.pathname + formatUrlState(this.params, this.pose, this.compareView());
    const showLink = () => this.toasts.show(`Copy this link: ${url}`);
    if (!navigator.clipboard) {
      showLink();
      return;
    }
    navigator.clipboard.writeText(url).then(() => this.toasts.show('Link copied: it opens this exact view.'), showLink);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    cancelAnimationFrame(this.frameHandle);
    this.urlSync.dispose();
    window.removeEventListener('resize', this.onResize);
    this.input.dispose();
    this.pointerLock.dispose();
    this.options.persistence?.dispose();
    this.sides.dispose();
    this.scheduler.dispose();
    this.panel.dispose();
    this.scene.dispose();
    for (const part of [this.hud, this.overlay, this.divider, this.progressBar, this.toasts]) part.dispose();
    for (const resolve of this.readyWaiters.splice(0)) resolve();
  }
}
