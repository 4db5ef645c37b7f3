/**
 * The composition root's main object: creates the scene, the streaming, the editor, the
 * controls and the UI, wires them together and runs the frame loop. Each of those lives in
 * its own module; what stays here is the wiring. Everything it creates it disposes.
 */
import { WorldScene } from '../render';
import { ColumnStreamer, clampRenderDistance, DEFAULT_STREAM_OPTIONS } from '../stream';
import { Hud, ProgressBar, SettingsPanel, StartOverlay, Toasts, type SettingsModel } from '../ui';
import { clampPoolSize, defaultPoolSize, type WorkerLike } from '../workers/worker-pool';
import { COLUMN_SIZE, DEFAULT_WORLD_PARAMS, findLandSpawn, riseAboveGround, sanitizeWorldParams, spawnAbove, TILE_COUNT, worldParamsKey, type WorldParams } from '../world';
import { BlockEditor, PALETTE } from './block-editor';
import { lookDirection, type CameraPose } from './camera-pose';
import { ColumnLoader } from './column-loader';
import type { EditPersistence } from './edit-persistence';
import { FlyControls } from './fly-controls';
import { FrameClock } from './frame-clock';
import { FrameWorkLog } from './frame-work-log';
import { GameInput } from './game-input';
import { hudDataOf } from './hud-data';
import { PointerLock } from './pointer-lock';
import { randomSeedText } from './random-seed';
import { createTestApi, type GameStats, type GameTestApi } from './test-api';
import { formatUrlState, MAX_COORDINATE, parseUrlState } from './url-state';
import { UrlSync } from './url-sync';

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

export class Game {
  readonly api: GameTestApi;
  private readonly scene: WorldScene;
  private readonly streamer: ColumnStreamer;
  private readonly loader: ColumnLoader;
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
    this.model = { ...this.params, renderDistance: DEFAULT_STREAM_OPTIONS.renderDistance, workers };

    this.scene = new WorldScene({ canvas: options.canvas, atlas: options.atlas, tileCount: TILE_COUNT, renderDistance: this.model.renderDistance });
    this.streamer = new ColumnStreamer({ renderDistance: this.model.renderDistance });
    this.hud = new Hud(options.root);
    this.progressBar = new ProgressBar(options.root);
    this.editor = new BlockEditor(options.persistence, options.savedEdits, {
      columnsChanged: (columns) => this.loader.invalidate(columns),
      message: (text, kind) => this.toasts.show(text, kind),
    });
    this.editor.setWorld(this.params);
    this.loader = new ColumnLoader(this.streamer, this.scene.columns, this.params, options.createWorker, {
      error: (message) => {
        console.error(message);
        this.hud.showError(message);
      },
      editsFor: (cx, cz) => this.editor.editsFor(cx, cz),
    }, { applyBudgetMs: APPLY_BUDGET_MS, workers });

    const hasPosition = url.position.x !== undefined || url.position.z !== undefined;
    const spawn = hasPosition ? spawnAbove(this.params, url.position.x ?? 8, url.position.z ?? 8) : findLandSpawn(this.params);
    this.pose = { x: url.position.x ?? spawn.x, y: url.position.y ?? spawn.y, z: url.position.z ?? spawn.z, yaw: SPAWN_YAW, pitch: SPAWN_PITCH };
    this.controls = new FlyControls(this.pose);

    this.overlay = new StartOverlay(options.root, () => this.pointerLock.request());
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
      workersChanged: (n) => this.setWorkers(n),
      randomSeed: () => this.setWorld({ ...this.params, seed: randomSeedText() }),
      resetTerrain: () => this.setWorld({ ...DEFAULT_WORLD_PARAMS, seed: this.params.seed, noise: this.params.noise }),
      copyLink: () => this.copyLink(),
      editCount: () => this.editor.editCount,
      clearEdits: () => this.clearEdits(),
      notice: (text) => this.toasts.show(text, 'warning'),
    }, clampPoolSize(Math.max(4, (options.hardwareConcurrency ?? 2) * 2)));

    this.urlSync = new UrlSync(() => formatUrlState(this.params, this.pose));
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
      columnHash: (cx, cz) => this.loader.hashOf(cx, cz),
      editBlock: (x, y, z, block) => this.editor.apply({ x, y, z, block }),
      blockAt: (x, y, z) => this.editor.blockAt(x, y, z),
      editCount: () => this.editor.editCount,
      progress: () => this.streamer.progress(),
      workerCount: () => this.loader.pool.size,
      staleDropped: () => this.loader.staleDropped,
      columnsBuilt: () => this.loader.columnsBuilt,
      frameWork: () => this.frameWork.toArray(),
      clearFrameWork: () => this.frameWork.clear(),
      dispose: () => this.dispose(),
    });
    this.frameHandle = requestAnimationFrame(this.frame);
  }

  /** A message for the player (toast). */
  notify(text: string, kind: 'info' | 'warning' | 'error' = 'info'): void {
    this.toasts.show(text, kind);
  }

  private readonly frame = (now: number) => {
    if (this.disposed) return;
    const workStart = performance.now();
    this.frameHandle = requestAnimationFrame(this.frame);
    const dt = this.clock.tick(now);

    const playing = this.pointerLock.isLocked;
    if (playing) this.controls.update(dt);
    this.clampCamera();
    this.scene.setCameraPose(this.pose);
    const dir = lookDirection(this.pose.yaw, this.pose.pitch);
    this.scene.selection.show(playing ? this.editor.updateAim(this.pose, dir) : null);
    this.loader.frame(
      {
        x: this.pose.x / COLUMN_SIZE,
        z: this.pose.z / COLUMN_SIZE,
        dirX: dir.x,
        dirZ: dir.z,
        cosHalfAngle: VIEW_PRIORITY_COS_HALF_ANGLE,
      },
      () => performance.now(),
    );
    this.scene.render();

    const progress = this.streamer.progress();
    this.progressBar.update(progress.ready + progress.failed, progress.wanted);
    if (this.overlay.visible) {
      this.overlay.setStatus(progress.ready < progress.wanted ? `Loading terrain… ${progress.ready} / ${progress.wanted} columns` : 'World ready.');
    }
    if (this.readyWaiters.length > 0 && this.loader.isSettled()) {
      for (const resolve of this.readyWaiters.splice(0)) resolve();
    }
    this.updateHud(now, progress);
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
          pending: this.streamer.pendingCount(),
          loaded: this.streamer.loadedCount(),
          keptBehind: this.streamer.keptBehindCount(),
        },
        perColumn: { generateMs: this.loader.generateMs.mean, meshMs: this.loader.meshMs.mean, quads: this.loader.quads.mean },
        frame,
        workers: this.loader.pool.size,
        speed: this.controls.currentSpeed,
        block: `${this.editor.selectedName} (${PALETTE.indexOf(this.editor.selectedBlock) + 1})`,
        edits: this.editor.editCount,
      }),
    );
  }

  private stats(): GameStats {
    const s = this.scene.stats();
    const p = this.pose;
    return {
      loaded: this.streamer.loadedCount(),
      pending: this.streamer.pendingCount(),
      geometries: s.geometries,
      drawCalls: s.drawCalls,
      triangles: s.triangles,
      camera: { x: p.x, y: p.y, z: p.z },
    };
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
    this.editor.setWorld(params);
    this.loader.setParams(params);
    // The new ground may stand where the camera is: never leave the player inside it.
    const risen = riseAboveGround(params, this.pose);
    if (risen.y !== this.pose.y) {
      this.pose.y = risen.y;
      this.controls.stop();
    }
    this.urlSync.writeNow();
  }

  private setRenderDistance(radius: number): void {
    const r = clampRenderDistance(radius);
    this.model.renderDistance = r;
    this.panel.refresh();
    this.streamer.setRenderDistance(r);
    this.scene.setRenderDistance(r);
  }

  private setWorkers(count: number): void {
    const n = clampPoolSize(count);
    this.model.workers = n;
    this.panel.refresh();
    this.loader.setWorkers(n);
  }

  private clearEdits(): void {
    const n = this.editor.editCount;
    this.loader.invalidate(this.editor.clearWorldEdits());
    this.toasts.show(n > 0 ? `Removed ${n} edit${n === 1 ? '' : 's'} from this world` : 'This world has no edits');
  }

  private copyLink(): void {
    const url = location.origin + location.pathname + formatUrlState(this.params, this.pose);
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
    this.loader.dispose();
    this.panel.dispose();
    this.scene.dispose();
    for (const part of [this.hud, this.overlay, this.progressBar, this.toasts]) part.dispose();
    for (const resolve of this.readyWaiters.splice(0)) resolve();
  }
}
