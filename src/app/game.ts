/**
 * The composition root's main object: creates the scene, the streaming, the editor, the
 * controls and the UI, wires them together and runs the frame loop. Each of those lives in
 * its own module; what stays here is the wiring. Everything it creates it disposes.
 */
import { Cell, type CellKind } from '../physics';
import { ContextWatch, WorldScene } from '../render';
import { WORLD_FILE_MIME_TYPE, worldFileName, type PlayerMode, type WorldRecord } from '../storage';
import { clampFarDistance, clampRenderDistance, DEFAULT_STREAM_OPTIONS } from '../stream';
import { CompareDivider, Hotbar, Hud, PauseBanner, ProgressBar, SaveWarning, WorldsDialog, SettingsPanel, StartOverlay, SMALL_SCREEN_QUERY, Toasts, type PlayStart, type SettingsModel } from '../ui';
import { clampPoolSize, defaultPoolSize, type WorkerLike } from '../workers/worker-pool';
import {
  BIOME_NAMES,
  COLUMN_SIZE,
  columnOf,
  DEFAULT_WORLD_PARAMS,
  findLandSpawn,
  NO_BIOME,
  riseAboveGround,
  sanitizeWorldParams,
  spawnAbove,
  terrainFor,
  TILE_COUNT,
  WORLD_HEIGHT,
  worldParamsKey,
  type BlockEdit,
  type NoiseSource,
  type WorldParams,
} from '../world';
import { cellOfBlock } from '../controls/block-cells';
import { deviceBudget, type DeviceBudget } from './loading/device-budget';
import { BlockEditor, PALETTE, type EditorWorld } from './session/block-editor';
import { lookDirection, type CameraPose } from '../controls/camera-pose';
import { FrameClock } from './frame/frame-clock';
import { FrameWorkLog } from './frame/frame-work-log';
import { Fullscreen } from './input/fullscreen';
import { GameInput } from './input/game-input';
import { moveKeyLabels } from '../controls/key-bindings';
import { browserSettingsStorage, LivePlayerSettings } from './input/live-player-settings';
import { compareSideData, hudDataOf, NOISE_LABELS } from './frame/hud-data';
import { PlayerController } from '../controls/player-controller';
import { PointerLock } from './input/pointer-lock';
import { PoolScheduler } from './loading/pool-scheduler';
import { randomSeedText } from './flows/random-seed';
import { RunGate } from './frame/run-gate';
import { TouchPlay } from './input/touch-play';
import { createTestApi, type GameStats, type GameTestApi } from './test-api';
import { formatLabUrl, formatUrlState, MAX_COORDINATE, parseUrlState } from './flows/url-state';
import { UrlSync } from './flows/url-sync';
import { downloadText } from './flows/download';
import type { LoadedWorld, WorldLibrary } from '../persistence/world-library';
import { COMPARE_ORDER, WorldSides } from './session/world-sides';

export type { GameStats, GameTestApi } from './test-api';

export interface GameOptions {
  root: HTMLElement;
  canvas: HTMLCanvasElement;
  atlas: { pixels: Uint8ClampedArray; width: number };
  search: string;
  createWorker: () => WorkerLike;
  /** The player's saved worlds (in memory only when the browser cannot store them). */
  library: WorldLibrary;
  /** The world to open, its edits loaded (see WorldLibrary.startWorld). */
  startWorld: LoadedWorld;
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
/**
 * How often, at most, a moved camera is written into the open world's record. Often enough
 * that a reload a second after stopping finds the player where they stood, even where the
 * browser does not let `pagehide`'s write finish; one small record, so cheap.
 */
const SESSION_SAVE_MS = 1000;

export class Game {
  readonly api: GameTestApi;
  private readonly scene: WorldScene;
  private readonly scheduler: PoolScheduler;
  private readonly sides: WorldSides;
  private readonly divider: CompareDivider;
  /** The render distance the player asked for; compare mode may show less (COMPARE_MAX_RENDER_DISTANCE). */
  private wantedRenderDistance: number = DEFAULT_STREAM_OPTIONS.renderDistance;
  /** The view distances this device starts with (deviceBudget), and why they are lower, if they are. */
  private readonly budget: DeviceBudget;
  /** Frames run only while the tab is shown and the WebGL context is there. */
  private readonly gate: RunGate;
  private readonly contextWatch: ContextWatch;
  private readonly pauseBanner: PauseBanner;
  private readonly pose: CameraPose;
  private readonly player: PlayerController;
  /** The open world (its record and edits) and, in compare mode, its twin made with the other noise. */
  private current: LoadedWorld;
  private twin: LoadedWorld | null = null;
  /** A world switch under way (reading edits); `ready()` waits for it. */
  private switching: Promise<void> = Promise.resolve();
  private switchToken = 0;
  private lastSessionSave = 0;
  /** The camera and mode last written, so a player standing still writes nothing. */
  private savedSessionKey = '';
  private readonly saveWarning: SaveWarning;
  private readonly hotbar: Hotbar;
  private readonly worldsDialog: WorldsDialog;
  private readonly pointerLock: PointerLock;
  private readonly input: GameInput;
  private readonly touch: TouchPlay;
  private readonly fullscreen: Fullscreen;
  private readonly hud: Hud;
  private readonly overlay: StartOverlay;
  private readonly progressBar: ProgressBar;
  private readonly toasts: Toasts;
  private readonly panel: SettingsPanel;
  /** Field of view, look, keys and view bob: the player's, kept in this browser. */
  private readonly playerSettings: LivePlayerSettings;
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
  /** Leaving the page: the camera and any write still queued go to the database now. */
  private readonly onPageHide = () => void this.saveSession().catch(() => undefined);
  private readonly onVisibilityChange = () => {
    const hidden = document.visibilityState === 'hidden';
    if (hidden) this.onPageHide();
    this.gate.set('hidden', hidden);
  };

  constructor(private readonly options: GameOptions) {
    const url = parseUrlState(options.search);
    for (const w of url.warnings) console.warn(w);
    this.current = options.startWorld;
    this.params = this.current.record.params;
    const workers = defaultPoolSize(options.hardwareConcurrency);
    const saved = this.current.record;
    const mode: PlayerMode = url.mode ?? saved.mode;
    this.model = { ...this.params, renderDistance: DEFAULT_STREAM_OPTIONS.renderDistance, farDistance: 0, workers, compare: false, mode, noClip: false };

    this.scene = new WorldScene({ canvas: options.canvas, atlas: options.atlas, tileCount: TILE_COUNT, renderDistance: this.model.renderDistance });
    this.budget = deviceBudget({ deviceMemory: (navigator as { deviceMemory?: number }).deviceMemory, ...this.scene.deviceLimits() });
    this.wantedRenderDistance = url.renderDistance ?? this.budget.renderDistance;
    this.model.renderDistance = this.wantedRenderDistance;
    this.model.farDistance = url.farDistance ?? this.budget.farDistance;
    this.scene.setViewDistances(this.model.renderDistance, this.model.farDistance);
    this.hud = new Hud(options.root);
    this.progressBar = new ProgressBar(options.root);
    this.editor = new BlockEditor({
      columnsChanged: (columns, worldKey, at) => this.sides.withKey(worldKey)?.edited(columns, at),
      message: (text, kind) => this.toasts.show(text, kind),
      stored: (worldKey, edit) => {
        const world = this.loadedWithKey(worldKey);
        if (world) options.library.edited(world.record.id, edit);
      },
      occupiedByPlayer: (x, y, z) => this.player.occupies(x, y, z),
    });
    this.scheduler = new PoolScheduler(options.createWorker, { workerError: (message, willRetry) => this.reportError(`Worker error${willRetry ? ' (retrying)' : ''}: ${message}`) }, workers);
    this.sides = new WorldSides(
      this.scene,
      this.scheduler,
      this.params,
      {
        error: (message) => this.reportError(message),
        editsFor: (cx, cz, key) => this.editor.editsFor(cx, cz, key),
        editsIn: (cx0, cz0, cx1, cz1, key) => this.editor.editsInColumns(cx0, cz0, cx1, cz1, key),
      },
      { renderDistance: this.model.renderDistance, farDistance: this.model.farDistance, applyBudgetMs: APPLY_BUDGET_MS },
    );
    this.editor.setWorld(editorWorld(this.current));

    // Where to stand: the link's position, else where the player left this world, else a spawn on land.
    const hasPosition = url.position.x !== undefined || url.position.z !== undefined;
    const camera = hasPosition ? null : saved.camera;
    const spawn = hasPosition ? spawnAbove(this.params, url.position.x ?? 8, url.position.z ?? 8) : findLandSpawn(this.params);
    this.pose = {
      x: url.position.x ?? camera?.x ?? spawn.x,
      y: url.position.y ?? camera?.y ?? spawn.y,
      z: url.position.z ?? camera?.z ?? spawn.z,
      yaw: url.look.yaw ?? camera?.yaw ?? SPAWN_YAW,
      pitch: url.look.pitch ?? camera?.pitch ?? SPAWN_PITCH,
    };
    this.player = new PlayerController(this.pose, mode);

    this.overlay = new StartOverlay(options.root, { start: (how) => this.startPlaying(how), fullscreen: () => this.toggleFullscreen() });
    const [left, right] = COMPARE_ORDER.map((noise) => NOISE_LABELS[noise]);
    this.divider = new CompareDivider(options.root, [left!, right!], { moved: (split) => (this.sides.split = split) });
    this.pointerLock = new PointerLock(options.canvas, {
      changed: (locked) => {
        if (locked) this.overlay.hide();
        else if (!this.touch.isPlaying) {
          this.overlay.show();
          this.input.released();
        }
      },
      refused: () => this.toasts.show('The browser refused mouse capture. Wait a moment, then click again.', 'warning'),
    });
    // Keys count while playing either way (a tablet with a keyboard); the mouse only while captured.
    this.input = new GameInput(options.canvas, { isLocked: () => this.pointerLock.isLocked, isPlaying: () => this.isPlaying }, this.player, {
      breakBlock: () => this.editor.breakAimed(),
      placeBlock: () => this.editor.placeAtAim(),
      selectSlot: (slot) => this.selectSlot(slot),
      cycleSlot: (step) => this.selectSlot((this.editor.selectedSlot + step + PALETTE.length) % PALETTE.length),
      toggleMode: () => this.setMode(this.player.mode === 'walk' ? 'fly' : 'walk'),
      undo: () => this.editor.undo(),
      redo: () => this.editor.redo(),
    }, () => this.playerSettings.keyBindings);
    this.touch = new TouchPlay(options.root, this.player, { breakBlock: () => this.editor.breakAimed(), placeBlock: () => this.editor.placeAtAim() }, {
      detected: () => this.touchDetected(),
      paused: () => {
        this.input.released();
        this.overlay.show();
      },
      toggleMode: () => this.setMode(this.player.mode === 'walk' ? 'fly' : 'walk'),
      fullscreen: () => this.toggleFullscreen(),
    });
    this.touch.view.setMode(this.player.mode);
    this.fullscreen = new Fullscreen(document, {
      changed: (on) => this.touch.view.setFullscreen(on),
      refused: (message) => this.toasts.show(message, 'warning'),
    });
    const library = options.library;
    this.worldsDialog = new WorldsDialog(options.root, {
      list: () => library.summaries(),
      open: (id) => this.openWorld(id),
      create: async (name, seed, type) => {
        const record = await library.create(name, { ...DEFAULT_WORLD_PARAMS, type, seed, noise: this.params.noise });
        await this.openWorld(record.id);
      },
      rename: async (id, name) => {
        await library.rename(id, name);
        if (id === this.current.record.id) this.panel.setWorldName(this.current.record.name);
      },
      remove: (id) => library.remove(id),
      exportWorld: (id) => this.exportWorld(id),
      importFile: async (file) => {
        // Refusals are thrown, so the dialog shows them where the player is looking.
        const result = await library.importWorld(new Uint8Array(await file.arrayBuffer()));
        if (!result.ok) throw new Error(result.error);
        return result.record.id;
      },
      randomSeed: randomSeedText,
    });
    this.hotbar = new Hotbar(options.root, options.atlas, PALETTE, { selected: (slot) => this.selectSlot(slot) });
    // Toasts last: messages sit above the start screen, where every panel action happens.
    this.toasts = new Toasts(options.root);
    for (const w of url.warnings) this.toasts.show(w, 'warning');
    this.saveWarning = new SaveWarning(options.root, {
      exportWorld: () => void this.exportCurrent(),
      retry: () => options.library.retrySaving(),
    });

    this.panel = new SettingsPanel(this.model, {
      worldChanged: (p) => this.setWorld(p),
      renderDistanceChanged: (r) => this.setRenderDistance(r),
      farDistanceChanged: (f) => this.setFarDistance(f),
      compareChanged: (on) => this.setCompare(on),
      openLab: () => this.openLab(),
      openWorlds: () => this.openWorldsDialog(),
      modeChanged: (m) => this.setMode(m),
      noClipChanged: (on) => this.setNoClip(on),
      undo: () => this.editor.undo(),
      redo: () => this.editor.redo(),
      workersChanged: (n) => this.setWorkers(n),
      randomSeed: () => this.setWorld({ ...this.params, seed: randomSeedText() }),
      // The shape goes back to the defaults; the world stays the world: its seed, noise and type.
      resetTerrain: () => this.setWorld({ ...DEFAULT_WORLD_PARAMS, type: this.params.type, seed: this.params.seed, noise: this.params.noise }),
      copyLink: () => this.copyLink(),
      editCount: () => this.editor.editCountOnScreen,
      clearEdits: () => this.clearEdits(),
      notice: (text) => this.toasts.show(text, 'warning'),
    }, clampPoolSize(Math.max(4, (options.hardwareConcurrency ?? 2) * 2)), this.budget.reason);

    this.playerSettings = new LivePlayerSettings({
      storage: browserSettingsStorage(),
      panel: this.panel,
      scene: this.scene,
      player: this.player,
      notify: (text, kind) => this.toasts.show(text, kind),
      keyBindingsChanged: (bindings) => this.overlay.setMoveKeys(moveKeyLabels(bindings)),
    });
    this.panel.setWorldName(this.current.record.name);
    // A small screen starts with the panel folded to its title bar, out of the view's way.
    if (window.matchMedia(SMALL_SCREEN_QUERY).matches) this.panel.gui.close();
    this.showHotbarHint();
    this.urlSync = new UrlSync(() => formatUrlState(this.params, this.pose, this.compareView(), this.player.mode, this.farDistanceForLink(), this.wantedRenderDistance === this.budget.renderDistance ? undefined : this.wantedRenderDistance));
    this.pauseBanner = new PauseBanner(options.root);
    this.gate = new RunGate({
      paused: () => {
        cancelAnimationFrame(this.frameHandle);
        this.scheduler.setPaused(true);
        if (this.gate.has('context-lost')) this.pauseBanner.show('The browser took the graphics context away (a GPU reset, or too many 3D tabs). The game is paused and picks up where it was as soon as the context is back; nothing is lost.');
      },
      resumed: () => {
        this.pauseBanner.hide();
        this.scheduler.setPaused(false);
        // The clock must not count the pause as one long frame (the body would jump).
        this.clock.reset();
        cancelAnimationFrame(this.frameHandle);
        this.frameHandle = requestAnimationFrame(this.frame);
      },
    });
    this.contextWatch = new ContextWatch(options.canvas, {
      lost: () => this.gate.set('context-lost', true),
      restored: () => {
        this.gate.set('context-lost', false);
        this.toasts.show('Graphics are back.');
      },
    });
    this.pointerLock.connect();
    this.input.connect();
    this.touch.connect();
    this.fullscreen.connect();
    this.urlSync.start();
    window.addEventListener('resize', this.onResize);
    window.addEventListener('pagehide', this.onPageHide);
    document.addEventListener('visibilitychange', this.onVisibilityChange);

    this.api = createTestApi({
      whenReady: () => this.switching.then(() => new Promise<void>((resolve) => this.readyWaiters.push(resolve))),
      stats: () => this.stats(),
      params: () => this.params,
      setWorld: (p) => this.setWorld(p),
      teleport: (x, y, z) => this.teleport(x, y, z),
      look: (yaw, pitch) => {
        this.pose.yaw = yaw;
        this.pose.pitch = pitch;
      },
      setRenderDistance: (r) => this.setRenderDistance(r),
      setFarDistance: (f) => this.setFarDistance(f),
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
      setMode: (m) => this.setMode(m),
      player: () => {
        const s = this.player.state;
        return { x: s.x, y: s.y, z: s.z, vx: s.vx, vy: s.vy, vz: s.vz, onGround: s.onGround, inWater: s.inWater, mode: this.player.mode };
      },
      setInput: (input) => this.player.setInput(input),
      undo: () => this.editor.undo(),
      redo: () => this.editor.redo(),
      flush: () => options.library.flush(),
      exportWorld: async () => (await options.library.exportWorld(this.current.record.id)).text,
      importWorld: (data) => this.importWorld(data),
      worlds: async () => (await options.library.summaries()).map(({ id, name, seed, edits, current }) => ({ id, name, seed, edits, current })),
      worldLoad: () => options.library.lastLoad,
      openWorld: (id) => this.openWorld(id),
      deleteWorld: (id) => this.deleteWorld(id),
      frameWork: () => this.frameWork.toArray(),
      clearFrameWork: () => this.frameWork.clear(),
      settings: () => this.playerSettings.current,
      cameraFov: () => this.scene.camera.fov,
      dispose: () => this.dispose(),
    });
    this.moveDivider(url.view.split);
    if (url.view.compare) this.setCompare(true);
    if (document.visibilityState === 'hidden') this.gate.set('hidden', true);
    else this.frameHandle = requestAnimationFrame(this.frame);
  }

  /** A message for the player (toast). */
  notify(text: string, kind: 'info' | 'warning' | 'error' = 'info'): void {
    this.toasts.show(text, kind);
  }

  /** Saving keeps failing: the warning stays up, offering export and a retry. */
  saveFailing(reason: string, pending: number): void {
    this.saveWarning.show(reason, pending);
  }

  saveRecovered(): void {
    if (!this.saveWarning.visible) return;
    this.saveWarning.hide();
    this.toasts.show('Edits are being saved again.');
  }

  /** Another tab changed the worlds: the panel's title and an open dialog follow. */
  worldsChanged(): void {
    this.panel.setWorldName(this.current.record.name);
    if (this.worldsDialog.isOpen) void this.worldsDialog.refresh();
  }

  /** Edits another tab saved in a world shown here. */
  remoteEdits(worldId: string, edits: BlockEdit[]): void {
    const world = worldId === this.current.record.id ? this.current : worldId === this.twin?.record.id ? this.twin : null;
    if (world) this.editor.applySaved(worldParamsKey(world.record.params), edits);
  }

  private readonly frame = (now: number) => {
    if (this.disposed || !this.gate.running) return;
    const workStart = performance.now();
    const primary = this.sides.primary;
    this.frameHandle = requestAnimationFrame(this.frame);
    const dt = this.clock.tick(now);

    const playing = this.isPlaying;
    // The body moves whether or not the mouse is captured (keys only count while it is), so
    // a walking player stands on the ground behind the start screen too.
    this.player.update(dt, this.cellAt, this.holdPlayer());
    this.clampCamera();
    if (now - this.lastSessionSave > SESSION_SAVE_MS) {
      this.lastSessionSave = now;
      const { x, y, z, yaw, pitch } = this.pose;
      const key = `${x.toFixed(2)},${y.toFixed(2)},${z.toFixed(2)},${yaw.toFixed(3)},${pitch.toFixed(3)},${this.player.mode}`;
      if (key !== this.savedSessionKey) {
        this.savedSessionKey = key;
        void this.saveSession().catch(() => undefined);
      }
    }
    // Only the drawn camera bobs: aim, body, saves and the link keep the steady pose.
    this.scene.setCameraPose(this.playerSettings.drawnPose(this.pose, dt));
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
      dt * 1000,
    );
    this.sides.render();

    const progress = this.sides.progress();
    const far = this.sides.farProgress();
    this.progressBar.update(progress.ready + progress.failed + far.shown, progress.wanted + far.wanted);
    if (this.overlay.visible) {
      const loading = progress.ready < progress.wanted || far.shown < far.wanted;
      this.overlay.setStatus(loading ? `Loading terrain… ${progress.ready} / ${progress.wanted} columns, ${far.shown} / ${far.wanted} far regions` : 'World ready.');
    }
    if (this.readyWaiters.length > 0 && this.sides.isSettled()) {
      for (const resolve of this.readyWaiters.splice(0)) resolve();
    }
    this.updateHud(now, primary.streamer.progress());
    this.frameWork.record(performance.now() - workStart);
  };

  /** Keeps the camera inside the world's usable box whatever the input did; the body follows a clamped camera. */
  private clampCamera(): void {
    const p = this.pose;
    const { x, y, z } = p;
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y) || !Number.isFinite(p.z)) {
      const spawn = findLandSpawn(this.params);
      p.x = spawn.x;
      p.y = spawn.y;
      p.z = spawn.z;
    }
    p.x = Math.min(MAX_COORDINATE, Math.max(-MAX_COORDINATE, p.x));
    p.z = Math.min(MAX_COORDINATE, Math.max(-MAX_COORDINATE, p.z));
    p.y = Math.min(CAMERA_MAX_Y, Math.max(CAMERA_MIN_Y, p.y));
    if (p.x !== x || p.y !== y || p.z !== z) this.player.syncToPose();
  }

  /**
   * What the body collides with: the blocks of the world on screen (edits included), and a
   * wall wherever a column has not arrived yet, so nobody walks into terrain they cannot see.
   * Below the world is solid, above it open.
   */
  private readonly cellAt = (x: number, y: number, z: number): CellKind => {
    if (y < 0) return Cell.Solid;
    if (y >= WORLD_HEIGHT) return Cell.Empty;
    if (!this.sides.primary.streamer.isLoaded(columnOf(x), columnOf(z))) return Cell.Solid;
    return cellOfBlock(this.editor.blockAt(x, y, z));
  };

  /** The player waits in the air while the column under them has not arrived (a new world, a teleport). */
  private holdPlayer(): boolean {
    if (this.player.mode === 'fly' && this.player.noClip) return false;
    const s = this.player.state;
    return !this.sides.primary.streamer.isLoaded(columnOf(s.x), columnOf(s.z));
  }

  private updateHud(now: number, progress: { ready: number; wanted: number }): void {
    // The HUD shows a few updates a second: gather its data (side summaries) only then.
    if (!this.hud.due(now)) return;
    const primary = this.sides.primary;
    const { loader, streamer } = primary;
    const lod = primary.lodStreamer.counts;
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
        far: { distance: this.model.farDistance, shown: Math.min(lod.wanted, lod.visible), wanted: lod.wanted, gpuMB: frame.gpuBytes / 2 ** 20 },
        perColumn: { generateMs: loader.generateMs.mean, meshMs: loader.meshMs.mean, quads: loader.quads.mean },
        frame,
        workers: this.scheduler.pool.size,
        speed: this.player.currentSpeed,
        mode: this.player.describe,
        world: this.current.record.name,
        biome: this.biomeName(),
        block: `${this.editor.selectedName} (${this.editor.selectedSlot + 1})`,
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
      lodRegions: this.sides.primary.lodRegionCount,
      gpuBytes: s.gpuBytes,
      paused: !this.gate.running,
      geometries: s.geometries,
      drawCalls: s.drawCalls,
      triangles: s.triangles,
      camera: { x: p.x, y: p.y, z: p.z, yaw: p.yaw, pitch: p.pitch },
      biome: this.biomeName(),
    };
  }

  /** The biome under the camera, in words; worlds without biomes say what they are instead. */
  private biomeName(): string {
    const biome = terrainFor(this.params).biomeAt(Math.floor(this.pose.x), Math.floor(this.pose.z));
    if (biome !== NO_BIOME) return BIOME_NAMES[biome] ?? 'unknown biome';
    return this.params.type === 'flat' ? 'superflat' : 'classic terrain';
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

  /** Playing, by mouse (captured) or by touch (controls up): keys count, and the aimed block is outlined. */
  private get isPlaying(): boolean {
    return this.pointerLock.isLocked || this.touch.isPlaying;
  }

  /** The start screen's play button: a click captures the mouse, a tap starts touch play. */
  private startPlaying(how: PlayStart): void {
    if (how === 'mouse') {
      this.pointerLock.request();
      return;
    }
    this.overlay.hide();
    // The panel would cover the buttons on the right; its title bar stays, a tap away.
    this.panel.gui.close();
    this.touch.start();
  }

  /** Touch play turns the phone to landscape where it can: the natural way to hold it. */
  private toggleFullscreen(): void {
    void this.fullscreen.toggle(this.touch.isTouchDevice);
  }

  /** The device is a touch device: the start screen and hints speak of touch controls. */
  private touchDetected(): void {
    document.documentElement.classList.add('touch-ui');
    this.overlay.setTouch(true);
    this.showHotbarHint();
  }

  private teleport(x: number, y: number, z: number): void {
    this.pose.x = x;
    this.pose.y = y;
    this.pose.z = z;
    this.player.syncToPose();
    this.clampCamera();
  }

  private selectSlot(slot: number): void {
    this.editor.selectSlot(slot);
    this.hotbar.select(this.editor.selectedSlot);
  }

  private setMode(mode: PlayerMode): void {
    if (mode !== 'walk' && mode !== 'fly') return;
    const changed = mode !== this.player.mode;
    this.player.setMode(mode);
    this.model.mode = mode;
    this.panel.refresh();
    if (!changed) return;
    this.touch.view.setMode(mode);
    this.showHotbarHint();
    // Walking or flying is part of where the player left the world: keep it at once.
    void this.saveSession().catch(() => undefined);
    if (this.touch.isTouchDevice) this.toasts.show(mode === 'walk' ? 'Walking: Jump jumps (and swims up); push the stick past its ring to sprint.' : 'Flying: ▲ up, ▼ down; push the stick past its ring to go faster.');
    else this.toasts.show(mode === 'walk' ? 'Walking: Space jumps (and swims up), Ctrl sprints. F or double-tap Space to fly.' : 'Flying: Space up, Shift down, Alt + wheel for speed. F or double-tap Space to walk.');
    this.urlSync.writeNow();
  }

  /** The line under the hotbar: how to pick a block, and in flight how the wheel sets the speed. */
  private showHotbarHint(): void {
    if (this.touch.isTouchDevice) {
      this.hotbar.setHint('tap a block to choose · tap: break · hold: place');
      return;
    }
    this.hotbar.setHint(this.player.mode === 'fly' ? '1–9, wheel or click: block · Alt + wheel: flight speed · F: walk' : '1–9, wheel or click: block · F: fly');
  }

  private setNoClip(on: boolean): void {
    this.player.noClip = on && this.player.mode === 'fly';
    this.model.noClip = this.player.noClip;
    this.panel.refresh();
  }

  /** The loaded world (current or twin) shown by the side with this key. */
  private loadedWithKey(key: string): LoadedWorld | null {
    if (worldParamsKey(this.current.record.params) === key) return this.current;
    if (this.twin && worldParamsKey(this.twin.record.params) === key) return this.twin;
    return null;
  }

  /** The world made from these parameters: the panel's seed, noise or shape changed. */
  private setWorld(input: WorldParams): void {
    const { params, warnings } = sanitizeWorldParams(input);
    for (const w of warnings) this.toasts.show(w, 'warning');
    Object.assign(this.model, params);
    this.panel.refresh();
    if (worldParamsKey(params) === worldParamsKey(this.params)) return;
    this.switchWorld(() => this.options.library.forParams(params), false);
  }

  /** Opens a saved world where the player left it. */
  private async openWorld(id: string): Promise<void> {
    const record = await this.options.library.get(id);
    if (!record) {
      this.toasts.show('That world no longer exists', 'warning');
      return;
    }
    this.switchWorld(async () => record, true);
    await this.switching;
  }

  /**
   * Switches to another world: its edits (and its twin's, in compare mode) are read first, so
   * no column is built without them; meanwhile the old world stays on screen. The last switch
   * asked for wins. With `toSavedCamera`, the player goes where they left that world.
   */
  private switchWorld(find: () => Promise<WorldRecord>, toSavedCamera: boolean): void {
    const token = ++this.switchToken;
    const library = this.options.library;
    const job = (async () => {
      await this.saveSession();
      const record = await find();
      const world = await library.load(record);
      const twin = this.sides.compare ? await library.load(await library.forParams(twinParams(record.params))) : null;
      if (token !== this.switchToken || this.disposed) return;
      this.current = world;
      this.twin = twin;
      this.params = world.record.params;
      Object.assign(this.model, this.params);
      this.panel.setWorldName(world.record.name);
      this.panel.refresh();
      // setParams only cancels; the new world's requests go out at the next top-up, by which
      // time the editor knows the new worlds and hands each request its world's edits.
      this.sides.setParams(this.params);
      this.syncEditorWorlds();
      const camera = toSavedCamera ? world.record.camera : null;
      if (toSavedCamera) {
        const spawn = camera ?? findLandSpawn(this.params);
        Object.assign(this.pose, { x: spawn.x, y: spawn.y, z: spawn.z }, camera ? { yaw: camera.yaw, pitch: camera.pitch } : {});
        this.setMode(world.record.mode);
      }
      // The new ground may stand where the camera is: never leave the player inside it.
      const risen = riseAboveGround(this.params, this.pose);
      this.pose.y = risen.y;
      this.player.syncToPose();
      await library.setOnScreen([world.record.id, ...(twin ? [twin.record.id] : [])]);
      this.urlSync.writeNow();
    })();
    this.switching = job.catch((err: unknown) => this.toasts.show(`Could not open the world: ${err instanceof Error ? err.message : String(err)}`, 'error'));
  }

  /** The editor edits every world on screen, the primary one first. */
  private syncEditorWorlds(): void {
    this.editor.setWorlds(
      this.sides.primaryFirst.map((side) => {
        const world = this.loadedWithKey(side.key);
        if (!world) throw new Error(`no edits loaded for the ${side.noise} world`);
        return editorWorld(world);
      }),
    );
  }

  /** Writes where the player is into the open world's record (also the last world played). */
  private async saveSession(): Promise<void> {
    const { x, y, z, yaw, pitch } = this.pose;
    await this.options.library.saveSession({ x, y, z, yaw, pitch }, this.player.mode);
  }

  /**
   * Compare mode on or off. On, the other noise's world (with its own edits) streams in beside
   * this one, with the render distance capped (two worlds take twice the memory); off, it is
   * disposed and the render distance the player asked for applies again.
   */
  private setCompare(on: boolean): void {
    this.model.compare = on;
    this.panel.refresh();
    if (on === this.sides.compare) return;
    const token = ++this.switchToken;
    const library = this.options.library;
    const job = (async () => {
      const twin = on ? await library.load(await library.forParams(twinParams(this.params))) : null;
      if (token !== this.switchToken || this.disposed) return;
      this.twin = twin;
      this.applyCompare(on);
      await library.setOnScreen([this.current.record.id, ...(twin ? [twin.record.id] : [])]);
    })();
    this.switching = job.catch((err: unknown) => this.toasts.show(`Could not open the other world: ${err instanceof Error ? err.message : String(err)}`, 'error'));
  }

  private applyCompare(on: boolean): void {
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
    this.scene.setViewDistances(r, this.model.farDistance);
  }

  /** How far levels of detail carry the terrain (0: off); compare mode's two worlds both show it. */
  private setFarDistance(columns: number): void {
    const far = clampFarDistance(columns);
    this.model.farDistance = far;
    this.panel.refresh();
    this.sides.setFarDistance(far);
    this.scene.setViewDistances(this.model.renderDistance, far);
    this.urlSync.writeNow();
  }

  /** The far distance a link carries: only one the player chose, so a phone opening a desktop's link keeps its own default. */
  private farDistanceForLink(): number | undefined {
    return this.model.farDistance === this.budget.farDistance ? undefined : this.model.farDistance;
  }

  private setWorkers(count: number): void {
    const n = clampPoolSize(count);
    this.model.workers = n;
    this.panel.refresh();
    this.scheduler.resize(n);
  }

  private clearEdits(): void {
    const n = this.editor.clearWorldEdits();
    const where = this.sides.compare ? 'the two worlds' : 'this world';
    this.toasts.show(n > 0 ? `Removed ${n} edit${n === 1 ? '' : 's'} from ${where} (Ctrl+Z brings them back)` : this.sides.compare ? 'Neither world has edits' : 'This world has no edits');
  }

  /** Saves a world to a file the browser downloads. */
  private async exportWorld(id: string): Promise<void> {
    const { text, record } = await this.options.library.exportWorld(id);
    downloadText(text, worldFileName(record.name), WORLD_FILE_MIME_TYPE);
    this.toasts.show(`Exported "${record.name}" (${(text.length / 1024).toFixed(0)} KB)`);
  }

  private async exportCurrent(): Promise<void> {
    try {
      await this.exportWorld(this.current.record.id);
    } catch (err) {
      this.toasts.show(`Could not export the world: ${err instanceof Error ? err.message : String(err)}`, 'error');
    }
  }

  /** Adds a world from a file; the new world's id, or null with the reason shown. */
  private async importWorld(data: string | Uint8Array | ArrayBuffer): Promise<string | null> {
    const result = await this.options.library.importWorld(data);
    if (!result.ok) {
      this.toasts.show(`Import failed: ${result.error}`, 'error');
      return null;
    }
    this.toasts.show(`Imported "${result.record.name}" with ${result.record.edits} edit${result.record.edits === 1 ? '' : 's'}`);
    return result.record.id;
  }

  private async deleteWorld(id: string): Promise<void> {
    await this.options.library.remove(id);
  }

  /** The saved-worlds dialog; the mouse is released first, since the dialog needs it. */
  private openWorldsDialog(): void {
    if (this.pointerLock.isLocked) document.exitPointerLock();
    void this.worldsDialog.open();
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
    this.contextWatch.dispose();
    this.urlSync.dispose();
    window.removeEventListener('resize', this.onResize);
    window.removeEventListener('pagehide', this.onPageHide);
    document.removeEventListener('visibilitychange', this.onVisibilityChange);
    this.input.dispose();
    this.touch.dispose();
    this.fullscreen.dispose();
    document.documentElement.classList.remove('touch-ui');
    this.pointerLock.dispose();
    this.playerSettings.dispose();
    this.options.library.dispose();
    this.sides.dispose();
    this.scheduler.dispose();
    this.panel.dispose();
    this.scene.dispose();
    for (const part of [this.hud, this.overlay, this.divider, this.progressBar, this.toasts, this.saveWarning, this.hotbar, this.worldsDialog, this.pauseBanner]) part.dispose();
    for (const resolve of this.readyWaiters.splice(0)) resolve();
  }
}

function editorWorld(world: LoadedWorld): EditorWorld {
  return { params: world.record.params, store: world.store };
}

/** The world compare mode shows beside one made with these parameters: the same, with the other noise. */
function twinParams(params: WorldParams): WorldParams {
  return { ...params, noise: COMPARE_ORDER.find((noise) => noise !== params.noise)! };
}
