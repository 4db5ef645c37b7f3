/**
 * The composition root's main object. It builds the subsystems: the scene; the worlds (what is
 * on screen, its streaming, edits and the world session); the player and their controls; the
 * views and the panel. It wires their events in one place, runs the frame, and disposes
 * everything in reverse order. Each subsystem lives in its own module (docs/architecture.md §1).
 */
import { lookDirection } from '../controls/camera-pose';
import { moveKeyLabels } from '../controls/key-bindings';
import type { LoadedWorld, WorldLibrary } from '../persistence/world-library';
import { WorldScene, type SoftwareRendering } from '../render';
import type { SettingsModel } from '../ui';
import { clampPoolSize, defaultPoolSize, type WorkerLike } from '../workers/worker-pool';
import { COLUMN_SIZE, TILE_COUNT, type BlockEdit } from '../world';
import { PanelBinding } from './flows/panel-binding';
import { openLabInNewTab } from './flows/open-lab';
import { formatUrlState, parseUrlState } from './flows/url-state';
import { UrlSync } from './flows/url-sync';
import { WorldsFlow } from './flows/worlds-flow';
import { FrameClock } from './frame/frame-clock';
import { FrameLoop } from './frame/frame-loop';
import { FramePauses } from './frame/frame-pauses';
import { FrameWorkLog } from './frame/frame-work-log';
import { GameViews } from './frame/game-views';
import { HudFeed } from './frame/hud-feed';
import { PlayControls } from './input/play-controls';
import { PlayMode } from './input/play-mode';
import { PlayScreen } from './input/play-screen';
import { deviceBudget } from './loading/device-budget';
import { HotbarFlow } from './session/hotbar-flow';
import { createSharedPlay } from './session/shared-setup';
import { WorldPlayer } from './session/world-player';
import { Worlds } from './session/worlds';
import { createTestApi, type GameTestApi } from './test-api';

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
  softwareRendering?: SoftwareRendering | null; // where WebGL draws on the CPU: its scale and the panel's note
}

/** Horizontal half field of view used for load priority, widened so edges load early. */
const VIEW_PRIORITY_COS_HALF_ANGLE = Math.cos((70 * Math.PI) / 180);
/** Milliseconds per frame that may go to turning worker results into GPU geometry. */
const APPLY_BUDGET_MS = 4;

export class Game {
  readonly api: GameTestApi;
  private readonly scene: WorldScene;
  private readonly worlds: Worlds;
  private readonly player: WorldPlayer;
  private readonly flows: WorldsFlow;
  private readonly views: GameViews;
  private readonly controls: PlayControls;
  private readonly mode: PlayMode;
  private readonly hotbar: HotbarFlow;
  private readonly screen: PlayScreen;
  private readonly settings: PanelBinding;
  private readonly hudFeed: HudFeed;
  private readonly urlSync: UrlSync;
  private readonly pauses: FramePauses;
  private readonly clock = new FrameClock();
  private readonly frameWork = new FrameWorkLog();
  private readonly readyWaiters: (() => void)[] = [];
  private readonly loop = new FrameLoop((now) => this.frame(now));
  private disposed = false;
  private readonly onResize = () => this.scene.resize(window.innerWidth, window.innerHeight);

  constructor(private readonly options: GameOptions) {
    const { root, library, startWorld: start } = options;
    const url = parseUrlState(options.search);
    for (const w of url.warnings) console.warn(w);
    const workers = defaultPoolSize(options.hardwareConcurrency);
    const toast = (text: string, kind: 'info' | 'warning' | 'error' = 'info') => this.views.toast(text, kind);

    // The screen, and how far this device can see.
    this.scene = new WorldScene({ canvas: options.canvas, atlas: options.atlas, tileCount: TILE_COUNT, renderDistance: url.renderDistance ?? 8, renderScale: options.softwareRendering?.renderScale });
    const budget = deviceBudget({ deviceMemory: (navigator as { deviceMemory?: number }).deviceMemory, ...this.scene.deviceLimits() });
    const distances = { renderDistance: url.renderDistance ?? budget.renderDistance, farDistance: url.farDistance ?? budget.farDistance };
    const model: SettingsModel = { ...start.record.params, ...distances, workers, compare: false, mode: url.mode ?? start.record.mode, noClip: false };

    // The worlds on screen (their streaming, edits and session) and the player in them.
    this.worlds = new Worlds({ start, library, scene: this.scene, createWorker: options.createWorker, workers, distances, deviceDefault: budget, applyBudgetMs: APPLY_BUDGET_MS }, {
      error: (message) => this.views.reportError(message),
      toast,
      opened: (world, toSavedCamera) => this.worldOpened(world, toSavedCamera),
      compareChanged: (on) => {
        this.views.showCompare(on, this.worlds.sides.split);
        this.settings.show({ compare: on });
      },
      distancesChanged: (r, f) => this.settings.show({ renderDistance: r, farDistance: f }),
      pose: () => ({ camera: this.player.savedCamera(), mode: this.player.mode }),
      occupiedByPlayer: (x, y, z) => this.player.controller.occupies(x, y, z),
    });
    const { editor, session, sides } = this.worlds;
    this.player = new WorldPlayer({ params: () => session.params, blockAt: (x, y, z) => editor.blockAt(x, y, z), stateAt: (x, y, z) => editor.stateAt(x, y, z), isLoaded: (cx, cz) => this.worlds.isLoaded(cx, cz) }, { link: url, saved: start.record.camera, mode: model.mode });
    const people = { scene: this.scene.scene, light: this.scene.lightUniforms, root, isPlaying: () => this.controls.isPlaying, redraw: () => this.scene.invalidate() };
    const shared = createSharedPlay(this.worlds, library, options.search, { toast, pose: () => ({ camera: this.player.savedCamera(), mode: this.player.mode }) }, people);

    // The views over the canvas, and what the player does with whole worlds.
    this.flows = new WorldsFlow(library, session, { toast, renamed: () => this.worldsChanged(), link: () => location.origin + location.pathname + this.linkQuery() });
    this.views = new GameViews(root, {
      start: (how) => this.controls.start(how),
      fullscreen: () => this.controls.toggleFullscreen(),
      dividerMoved: (split) => (sides.split = split),
      worlds: { ...this.flows.dialogHooks(), share: () => shared.share() },
      exportWorld: () => void this.flows.exportCurrent(),
      retrySaving: () => library.retrySaving(),
    });

    // The player's input, and walking or flying.
    this.hotbar = new HotbarFlow(root, options.atlas, editor.hotbar, start.record.hotbar, {
      save: (blocks) => library.saveHotbar(session.current.record.id, blocks), // the world on screen, field by field like the pose
      warn: (text) => toast(text, 'warning'),
      play: () => this.controls,
      showStart: () => this.views.overlay.show(),
      aimedBlock: () => editor.aimedBlock(),
    });
    this.screen = new PlayScreen({ ...this.views, hotbar: () => this.hotbar.view }, () => this.settings, () => this.player.controller.options.flySpeed);
    this.controls = new PlayControls(root, options.canvas, this.player.controller, {
      ...this.worlds.building.actions,
      ...this.hotbar.actions,
      ...this.screen.actions,
      toggleMode: () => this.mode.toggle(),
      undo: () => editor.undo(),
      redo: () => editor.redo(),
    }, () => this.settings.playerSettings.keyBindings, {
      started: () => this.screen.started(),
      paused: () => [this.hotbar, this.screen].forEach((part) => part.paused()),
      touchDetected: () => {
        document.documentElement.classList.add('touch-ui');
        this.views.overlay.setTouch(true);
        this.mode.showHint();
      },
      warn: (text) => toast(text, 'warning'),
    });
    this.mode = new PlayMode(this.player.controller, { hotbar: this.hotbar.view, touch: this.controls.touch.view }, {
      changed: (mode, noClip) => {
        this.settings.show({ mode, noClip });
        void this.worlds.session.savePose().catch(() => undefined); // walking or flying is part of where the player left the world
      },
      toast,
      isTouchDevice: () => this.controls.isTouchDevice,
    });

    // The panel, with the player's own settings in it.
    const maxWorkers = clampPoolSize(Math.max(4, (options.hardwareConcurrency ?? 2) * 2));
    this.settings = new PanelBinding(model, { worlds: this.worlds, mode: this.mode, player: this.player.controller, scene: this.scene }, { maxWorkers, notes: [{ kind: 'budget', text: budget.reason }, { kind: 'renderer', text: options.softwareRendering?.note ?? null }], worldName: start.record.name, time: url.time, clockStopped: url.clockStopped }, {
      toast,
      openLab: () => openLabInNewTab(session.params, this.player.pose),
      openWorlds: () => {
        this.controls.releaseMouse(); // the dialog needs the mouse
        void this.views.worldsDialog.open();
      },
      copyLink: () => this.flows.copyLink(),
      changed: () => this.urlSync.writeNow(),
      keyBindingsChanged: (bindings) => this.views.overlay.setMoveKeys(moveKeyLabels(bindings)),
    });
    this.mode.showHint();
    for (const w of url.warnings) toast(w, 'warning');
    this.hudFeed = new HudFeed({
      pose: this.player.pose, player: this.player.controller, sides, editor,
      params: () => session.params,
      worldName: () => session.current.record.name,
      shared: () => shared.hudLine(),
      fps: () => this.clock.fps,
      farDistance: () => this.worlds.views.farDistance,
      workers: () => this.worlds.scheduler.pool.size,
      frameStats: () => this.scene.stats(),
    }, this.views);

    // The page: the address bar follows the view; frames stop while nobody can see them.
    this.urlSync = new UrlSync(() => this.linkQuery());
    this.urlSync.start();
    window.addEventListener('resize', this.onResize);
    this.pauses = new FramePauses(root, options.canvas, {
      paused: () => {
        this.loop.stop();
        this.worlds.scheduler.setPaused(true);
      },
      resumed: () => {
        this.worlds.scheduler.setPaused(false);
        // The clock must not count the pause as one long frame (the body would jump).
        this.clock.reset();
        // A restored context starts with an empty canvas: draw even if nothing moved.
        this.scene.invalidate();
        this.loop.start();
      },
      leaving: () => void session.savePose().catch(() => undefined),
      toast,
    });
    this.api = createTestApi({
      worlds: this.worlds, player: this.player, scene: this.scene, library, flows: this.flows, mode: this.mode, settings: this.settings, frameWork: this.frameWork, hotbar: this.hotbar,
      paused: () => !this.pauses.running,
      whenReady: () => session.idle().then(() => new Promise<void>((resolve) => this.readyWaiters.push(resolve))),
      moveDivider: (split) => this.moveDivider(split),
      dispose: () => this.dispose(),
    });
    this.controls.connect();
    this.moveDivider(url.view.split);
    if (url.view.compare) void this.settings.setCompare(true);
    if (this.pauses.running) this.loop.start();
  }

  /** A message for the player (toast). */
  notify(text: string, kind: 'info' | 'warning' | 'error' = 'info'): void { this.views.toast(text, kind); }

  /** Saving keeps failing: the warning stays up, offering export and a retry. */
  saveFailing(reason: string, pending: number): void {
    this.views.saveFailing(reason, pending);
  }

  saveRecovered(): void {
    this.views.saveRecovered();
  }

  /** Another tab (or a rename here) changed the worlds: the panel's title and an open dialog follow. */
  worldsChanged(): void {
    this.settings.setWorldName(this.worlds.session.current.record.name);
    if (this.views.worldsDialog.isOpen) void this.views.worldsDialog.refresh();
  }

  /** Edits another tab saved in one of the player's worlds: the one way they enter (WorldSession.receiveEdits). */
  remoteEdits(worldId: string, edits: BlockEdit[]): void {
    this.worlds.session.receiveEdits(worldId, edits);
  }

  private readonly frame = (now: number) => {
    if (this.disposed || !this.pauses.running) return;
    const workStart = performance.now();
    const dt = this.clock.tick(now);
    const pose = this.player.pose;
    const { editor, sides, session } = this.worlds;
    // The body moves (keys count only while playing: a walker stands behind the start screen), the day goes by.
    this.player.update(dt);
    this.settings.day.frame(dt);
    session.autosave(now);
    // Only the drawn camera bobs: aim, body, saves and the link keep the steady pose. Sound follows the body.
    this.scene.setCameraPose(this.settings.frame(pose, dt));
    const dir = lookDirection(pose.yaw, pose.pitch);
    // The crosshair sits mid-screen: aim in the world drawn there.
    editor.aimIn(sides.sideAt(0.5).key);
    this.scene.setEyeBlock(editor.blockAt(Math.floor(pose.x), Math.floor(pose.y), Math.floor(pose.z), sides.sideAt(0.5).key));
    this.scene.selection.show(this.controls.isPlaying ? editor.updateAim(pose, dir) : null);
    this.worlds.building.frame(dt, this.controls.isPlaying);
    const cone = { x: pose.x / COLUMN_SIZE, z: pose.z / COLUMN_SIZE, dirX: dir.x, dirZ: dir.z, cosHalfAngle: VIEW_PRIORITY_COS_HALF_ANGLE };
    this.worlds.frame(cone, () => performance.now(), dt * 1000);
    this.hudFeed.update(now);
    if (this.readyWaiters.length > 0 && sides.isSettled()) for (const resolve of this.readyWaiters.splice(0)) resolve();
    this.frameWork.record(performance.now() - workStart);
  };

  /** The address of this exact view: the world, the camera, compare mode, the mode, the distances chosen and the time of day. */
  private linkQuery(): string {
    const link = this.worlds.views.forLink();
    const { sides, session } = this.worlds;
    // Compare as asked, not as shown: a twin still loading must not drop compare=1 from the address.
    return this.worlds.shared?.linkQuery() ?? formatUrlState(session.params, this.player.pose, { compare: session.compareWanted, split: sides.split }, this.player.mode, link.farDistance, link.renderDistance, this.settings.day.linkHours, this.settings.day.paused);
  }

  private worldOpened(world: LoadedWorld, toSavedCamera: boolean): void {
    this.settings.setWorldName(world.record.name);
    this.player.arrive(world.record, toSavedCamera);
    this.hotbar.setBlocks(world.record.hotbar);
    if (toSavedCamera) this.mode.set(world.record.mode);
    this.settings.show(world.record.params);
  }

  private moveDivider(split: number): void {
    this.views.divider.set(split);
    this.worlds.sides.split = this.views.divider.split;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.loop.stop();
    this.pauses.dispose();
    window.removeEventListener('resize', this.onResize);
    this.urlSync.dispose();
    this.settings.dispose();
    this.controls.dispose();
    document.documentElement.classList.remove('touch-ui');
    this.worlds.dispose();
    this.options.library.dispose();
    this.hotbar.dispose();
    this.views.dispose();
    this.scene.dispose();
    for (const resolve of this.readyWaiters.splice(0)) resolve();
  }
}
