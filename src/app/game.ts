/**
 * The composition root's main object: builds the scene, the streamer, the worker pool,
 * the controls and the UI, runs the frame loop, and exposes the test API. Everything it
 * creates it disposes.
 */
import { Vector3 } from 'three';
import { hashInts } from '../noise';
import { WorldScene } from '../render';
import { ColumnStreamer, clampRenderDistance, DEFAULT_STREAM_OPTIONS } from '../stream';
import { Hud, ProgressBar, SettingsPanel, StartOverlay, Toasts, type SettingsModel } from '../ui';
import { clampPoolSize, defaultPoolSize, type WorkerLike } from '../workers';
import { COLUMN_SIZE, DEFAULT_WORLD_PARAMS, sanitizeWorldParams, terrainFor, TILE_COUNT, type NoiseSource, type WorldParams } from '../world';
import { BlockEditor, PALETTE } from './block-editor';
import { ColumnLoader } from './column-loader';
import type { EditPersistence } from './edit-persistence';
import { FlyControls } from './fly-controls';
import { formatUrlState, MAX_COORDINATE, parseUrlState } from './url-state';

export interface GameStats {
  loaded: number;
  pending: number;
  geometries: number;
  drawCalls: number;
  triangles: number;
  camera: { x: number; y: number; z: number };
}

/** What tests and power users reach as `window.__game`. */
export interface GameTestApi {
  ready(): Promise<void>;
  stats(): GameStats;
  setSeed(text: string): void;
  setNoise(source: NoiseSource): void;
  teleport(x: number, y: number, z: number): void;
  columnHash(cx: number, cz: number): string | null;
  /** Extras for benchmarks and debugging. */
  setRenderDistance(radius: number): void;
  setWorkers(count: number): void;
  /** Horizontal look direction in radians (0 = north, -z), and pitch. */
  look(yaw: number, pitch?: number): void;
  params(): WorldParams;
  /** Sets one block (as a player edit, saved like one); returns why it was refused, or null. */
  editBlock(x: number, y: number, z: number, block: number): string | null;
  blockAt(x: number, y: number, z: number): number;
  editCount(): number;
  progress(): { ready: number; wanted: number; failed: number };
  workerCount(): number;
  staleDropped(): number;
  columnsBuilt(): number;
  /** Main-thread milliseconds spent in each recent frame callback (oldest first), for benchmarks. */
  frameWork(): number[];
  clearFrameWork(): void;
  dispose(): void;
}

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

/** How often the URL follows the camera. */
const URL_WRITE_INTERVAL_MS = 1000;
/** Frames of main-thread timing kept for benchmarks. */
const FRAME_WORK_HISTORY = 20_000;
/** Above the ground where the camera spawns, in blocks. */
const SPAWN_CLEARANCE = 24;
/** Horizontal half field of view used for load priority, widened so edges load early. */
const VIEW_PRIORITY_COS_HALF_ANGLE = Math.cos((70 * Math.PI) / 180);

export class Game {
  readonly api: GameTestApi;
  private readonly scene: WorldScene;
  private readonly streamer: ColumnStreamer;
  private readonly loader: ColumnLoader;
  private readonly controls: FlyControls;
  private readonly hud: Hud;
  private readonly overlay: StartOverlay;
  private readonly progressBar: ProgressBar;
  private readonly toasts: Toasts;
  private readonly panel: SettingsPanel;
  private readonly model: SettingsModel;
  private readonly editor: BlockEditor;
  private params: WorldParams;
  private readonly readyWaiters: (() => void)[] = [];
  private frameHandle = 0;
  private lastFrame = 0;
  private fps = 60;
  private readonly urlTimer: ReturnType<typeof setInterval>;
  private lastUrl = '';
  private disposed = false;
  private readonly onResize = () => this.scene.resize(window.innerWidth, window.innerHeight);
  private readonly onMouseDown = (e: MouseEvent) => {
    if (!this.controls.pointerLock.isLocked) return;
    if (e.button === 0) this.editor.breakAimed();
    else if (e.button === 2) this.editor.placeAtAim();
  };
  private readonly onContextMenu = (e: Event) => e.preventDefault();
  /** Every browser fires this when it refuses pointer lock (Chrome also rejects a promise). */
  private readonly onPointerLockError = () =>
    this.toasts.show('The browser refused mouse capture. Wait a moment, then click again.', 'warning');
  private readonly onKeyDown = (e: KeyboardEvent) => {
    if (!this.controls.pointerLock.isLocked) return;
    const slot = /^Digit([1-9])$/.exec(e.code);
    if (slot) this.editor.selectSlot(Number(slot[1]) - 1);
  };

  constructor(private readonly options: GameOptions) {
    const url = parseUrlState(options.search);
    for (const w of url.warnings) console.warn(w);
    this.params = url.params;
    const workers = defaultPoolSize(options.hardwareConcurrency);
    this.model = { ...this.params, renderDistance: DEFAULT_STREAM_OPTIONS.renderDistance, workers };

    this.scene = new WorldScene({ canvas: options.canvas, atlas: options.atlas, tileCount: TILE_COUNT, renderDistance: this.model.renderDistance });
    this.streamer = new ColumnStreamer({ renderDistance: this.model.renderDistance });
    this.hud = new Hud(options.root);
    this.toasts = new Toasts(options.root);
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
    }, { applyBudgetMs: 4, workers });

    this.controls = new FlyControls(this.scene.camera, options.canvas);
    this.overlay = new StartOverlay(options.root, () => this.lockPointer());
    this.controls.pointerLock.addEventListener('lock', () => this.overlay.hide());
    this.controls.pointerLock.addEventListener('unlock', () => this.overlay.show());
    for (const w of url.warnings) this.toasts.show(w, 'warning');

    this.panel = new SettingsPanel(this.model, {
      worldChanged: (p) => this.setWorld(p),
      renderDistanceChanged: (r) => this.setRenderDistance(r),
      workersChanged: (n) => this.setWorkers(n),
      randomSeed: () => this.setWorld({ ...this.params, seed: randomSeedText() }),
      resetTerrain: () => this.setWorld({ ...DEFAULT_WORLD_PARAMS, seed: this.params.seed, noise: this.params.noise }),
      copyLink: () => this.copyLink(),
      clearEdits: () => {
        const n = this.editor.editCount;
        this.loader.invalidate(this.editor.clearWorldEdits());
        this.toasts.show(n > 0 ? `Removed ${n} edit${n === 1 ? '' : 's'} from this world` : 'This world has no edits');
      },
    }, clampPoolSize(Math.max(4, (options.hardwareConcurrency ?? 2) * 2)));

    const hasPosition = url.position.x !== undefined || url.position.z !== undefined;
    const spawn = hasPosition ? this.spawnPoint(url.position.x ?? 8, url.position.z ?? 8) : this.findLandSpawn();
    this.scene.camera.position.set(url.position.x ?? spawn.x, url.position.y ?? spawn.y, url.position.z ?? spawn.z);
    this.scene.camera.rotation.set(-0.35, -Math.PI / 4, 0);
    window.addEventListener('resize', this.onResize);
    this.urlTimer = setInterval(() => this.writeUrl(), URL_WRITE_INTERVAL_MS);
    options.canvas.addEventListener('mousedown', this.onMouseDown);
    options.canvas.addEventListener('contextmenu', this.onContextMenu);
    window.addEventListener('keydown', this.onKeyDown);
    document.addEventListener('pointerlockerror', this.onPointerLockError);

    this.api = this.createApi();
    this.lastFrame = performance.now();
    this.frameHandle = requestAnimationFrame(this.frame);
  }

  /** A message for the player (toast). */
  notify(text: string, kind: 'info' | 'warning' | 'error' = 'info'): void {
    this.toasts.show(text, kind);
  }

  /**
   * Asks for the mouse. A refusal (Chrome refuses a click within about a second of leaving
   * with Esc) arrives asynchronously, as a 'pointerlockerror' event and in Chrome also as a
   * rejected promise, never as an exception here; and the overlay's status line is rewritten
   * every frame. So the player hears of it through a toast from onPointerLockError, and the
   * request goes to the canvas directly because PointerLockControls.lock() drops the promise
   * (an unhandled rejection). PointerLockControls still sees the lock: it listens to the document.
   */
  private lockPointer(): void {
    try {
      const request: unknown = this.options.canvas.requestPointerLock();
      if (request instanceof Promise) request.catch(() => undefined);
    } catch {
      this.onPointerLockError();
    }
  }

  private spawnPoint(x: number, z: number): { x: number; y: number; z: number } {
    const ground = terrainFor(this.params).heightAt(Math.floor(x), Math.floor(z));
    return { x, y: Math.max(ground, this.params.seaLevel) + SPAWN_CLEARANCE, z };
  }

  /**
   * Like Minecraft, start over land: walk an outward square spiral from the origin in
   * 16-block steps until the ground is a few blocks above the sea. Pure terrain lookups,
   * so the same seed always spawns at the same place.
   */
  private findLandSpawn(): { x: number; y: number; z: number } {
    const terrain = terrainFor(this.params);
    const wanted = this.params.seaLevel + 4;
    let x = 0;
    let z = 0;
    let dx = 16;
    let dz = 0;
    let leg = 1;
    for (let step = 0; step < 4096; ) {
      for (let i = 0; i < leg; i++, step++) {
        if (terrain.heightAt(x + 8, z + 8) >= wanted) return this.spawnPoint(x + 8, z + 8);
        x += dx;
        z += dz;
      }
      [dx, dz] = [-dz, dx];
      if (dz === 0) leg++;
    }
    return this.spawnPoint(8, 8);
  }

  private readonly frameWork: number[] = [];

  private readonly frame = (now: number) => {
    if (this.disposed) return;
    const workStart = performance.now();
    this.frameHandle = requestAnimationFrame(this.frame);
    const dt = Math.min(0.1, Math.max(0, (now - this.lastFrame) / 1000));
    this.lastFrame = now;
    if (dt > 0) this.fps += (1 / dt - this.fps) * 0.05;

    if (this.controls.pointerLock.isLocked) this.controls.update(dt);
    this.clampCamera();
    const cam = this.scene.camera;
    const dir = cam.getWorldDirection(this.tmpDir);
    this.scene.selection.show(this.controls.pointerLock.isLocked ? this.editor.updateAim(cam.position, dir) : null);
    this.loader.frame(
      {
        x: cam.position.x / COLUMN_SIZE,
        z: cam.position.z / COLUMN_SIZE,
        dirX: dir.x,
        dirZ: dir.z,
        cosHalfAngle: VIEW_PRIORITY_COS_HALF_ANGLE,
      },
      () => performance.now(),
    );
    this.scene.render();

    const progress = this.streamer.progress();
    this.progressBar.update(progress.ready + progress.failed, progress.wanted);
    if (!this.overlay.element.classList.contains('hidden')) {
      this.overlay.setStatus(progress.ready < progress.wanted ? `Loading terrain… ${progress.ready} / ${progress.wanted} columns` : 'World ready.');
    }
    if (this.readyWaiters.length > 0 && this.loader.isSettled()) {
      for (const resolve of this.readyWaiters.splice(0)) resolve();
    }
    this.updateHud(now, progress.wanted);
    this.frameWork.push(performance.now() - workStart);
    if (this.frameWork.length > FRAME_WORK_HISTORY) this.frameWork.splice(0, this.frameWork.length - FRAME_WORK_HISTORY);
  };
  private readonly tmpDir = new Vector3();

  /** Keeps the camera inside the world's usable box whatever the input did. */
  private clampCamera(): void {
    const p = this.scene.camera.position;
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y) || !Number.isFinite(p.z)) p.set(8, 120, 8);
    p.x = Math.min(MAX_COORDINATE, Math.max(-MAX_COORDINATE, p.x));
    p.z = Math.min(MAX_COORDINATE, Math.max(-MAX_COORDINATE, p.z));
    p.y = Math.min(600, Math.max(-50, p.y));
  }

  private updateHud(now: number, wanted: number): void {
    const p = this.scene.camera.position;
    const s = this.scene.stats();
    this.hud.update(now, {
      fps: this.fps,
      x: p.x,
      y: p.y,
      z: p.z,
      cx: Math.floor(p.x / COLUMN_SIZE),
      cz: Math.floor(p.z / COLUMN_SIZE),
      loaded: this.streamer.loadedCount(),
      pending: this.streamer.pendingCount(),
      wanted,
      generateMs: this.loader.generateMs.mean,
      meshMs: this.loader.meshMs.mean,
      quadsPerColumn: this.loader.quads.mean,
      drawCalls: s.drawCalls,
      triangles: s.triangles,
      workers: this.loader.pool.size,
      noise: this.params.noise === 'perlin' ? 'Perlin (ours)' : 'simplex-noise',
      seed: this.params.seed,
      speed: this.controls.options.speed * (this.controls.sprinting ? this.controls.options.sprintFactor : 1),
      block: `${this.editor.selectedName} (${PALETTE.indexOf(this.editor.selectedBlock) + 1})`,
      edits: this.editor.editCount,
    });
  }

  /**
   * Mirrors the view into the URL (replaceState: no history spam). On a timer, not in the
   * frame callback: replaceState measured up to 30 ms while the page renders, and at a low
   * frame rate a per-frame throttle still ran it every frame (bench:browser profile).
   */
  private writeUrl(): void {
    const url = formatUrlState(this.params, this.scene.camera.position);
    if (url === this.lastUrl) return;
    this.lastUrl = url;
    history.replaceState(null, '', url);
  }

  private setWorld(input: WorldParams): void {
    const { params, warnings } = sanitizeWorldParams(input);
    for (const w of warnings) this.toasts.show(w, 'warning');
    Object.assign(this.model, params);
    this.panel.refresh();
    if (JSON.stringify(params) === JSON.stringify(this.params)) return;
    this.params = params;
    this.editor.setWorld(params);
    this.loader.setParams(params);
    this.writeUrl();
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

  private copyLink(): void {
    const url = location.origin + location.pathname + formatUrlState(this.params, this.scene.camera.position);
    const fallback = () => this.toasts.show(`Copy this link: ${url}`);
    if (!navigator.clipboard) {
      fallback();
      return;
    }
    navigator.clipboard.writeText(url).then(() => this.toasts.show('Link copied: it opens this exact view.'), fallback);
  }

  private createApi(): GameTestApi {
    return {
      ready: () => new Promise<void>((resolve) => this.readyWaiters.push(resolve)),
      stats: () => {
        const s = this.scene.stats();
        const p = this.scene.camera.position;
        return {
          loaded: this.streamer.loadedCount(),
          pending: this.streamer.pendingCount(),
          geometries: s.geometries,
          drawCalls: s.drawCalls,
          triangles: s.triangles,
          camera: { x: p.x, y: p.y, z: p.z },
        };
      },
      setSeed: (text) => this.setWorld({ ...this.params, seed: String(text) }),
      setNoise: (source) => this.setWorld({ ...this.params, noise: source }),
      teleport: (x, y, z) => {
        if (![x, y, z].every((v) => typeof v === 'number' && Number.isFinite(v))) {
          console.warn(`teleport(${x}, ${y}, ${z}) ignored: coordinates must be finite numbers`);
          return;
        }
        this.scene.camera.position.set(x, y, z);
        this.clampCamera();
      },
      columnHash: (cx, cz) => this.loader.hashOf(cx, cz),
      setRenderDistance: (r) => this.setRenderDistance(r),
      setWorkers: (n) => this.setWorkers(n),
      look: (yaw, pitch = 0) => this.scene.camera.rotation.set(pitch, yaw, 0),
      params: () => ({ ...this.params }),
      editBlock: (x, y, z, block) => this.editor.apply({ x, y, z, block }),
      blockAt: (x, y, z) => this.editor.blockAt(x, y, z),
      editCount: () => this.editor.editCount,
      progress: () => this.streamer.progress(),
      workerCount: () => this.loader.pool.size,
      staleDropped: () => this.loader.staleDropped,
      columnsBuilt: () => this.loader.columnsBuilt,
      frameWork: () => this.frameWork.slice(),
      clearFrameWork: () => {
        this.frameWork.length = 0;
      },
      dispose: () => this.dispose(),
    };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    cancelAnimationFrame(this.frameHandle);
    clearInterval(this.urlTimer);
    window.removeEventListener('resize', this.onResize);
    this.options.canvas.removeEventListener('mousedown', this.onMouseDown);
    this.options.canvas.removeEventListener('contextmenu', this.onContextMenu);
    window.removeEventListener('keydown', this.onKeyDown);
    document.removeEventListener('pointerlockerror', this.onPointerLockError);
    this.options.persistence?.dispose();
    this.controls.dispose();
    this.loader.dispose();
    this.panel.dispose();
    this.scene.dispose();
    for (const el of [this.hud.element, this.overlay.element, this.progressBar.element, this.toasts.element]) el.remove();
    for (const resolve of this.readyWaiters.splice(0)) resolve();
  }
}

/** A fresh seed for the "random seed" button: a readable number from the browser's RNG. */
function randomSeedText(): string {
  const buf = new Uint32Array(2);
  crypto.getRandomValues(buf);
  return String(hashInts(buf[0]!, buf[1]!, 0) >>> 0);
}
