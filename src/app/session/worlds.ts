/**
 * The worlds subsystem: what is on screen and how it gets there. It owns the block editor
 * (every world's edits), the worker pool and its scheduler, the worlds drawn (WorldSides:
 * one, or two in compare mode, each streaming its columns and far regions), the view
 * distances, and the WorldSession that decides which saved worlds those are. The game talks
 * to it through these parts and hears back through WorldsHooks.
 */
import type { LoadedWorld } from '../../persistence/world-library';
import type { WorldScene } from '../../render';
import type { PlayerMode, SavedCamera } from '../../storage';
import type { ViewCone } from '../../stream';
import type { WorkerLike } from '../../workers/worker-pool';
import type { BlockEdit } from '../../world';
import { messageChannelSlices, PoolScheduler } from '../loading/pool-scheduler';
import { BlockBuilding } from './block-building';
import { BlockEditor } from './block-editor';
import type { PeopleView } from '../net/people-view';
import type { SharedPlay } from './shared-play';
import { ViewDistances } from './view-distances';
import { WorldSession, type SessionLibrary } from './world-session';
import { WorldSides } from './world-sides';
import { WorldsOnScreen } from './worlds-on-screen';

/**
 * Requests a top-up slice posts at most: one reply frees one place, and a burst of replies
 * (workers finishing together, a far region's swap cancelling several) is spread over tasks.
 */
const TOP_UP_PER_SLICE = 2;

export interface WorldsHooks {
  /** A column, far region or worker failed: for the console and the HUD. */
  error(message: string): void;
  /** Something the player should know. */
  toast(text: string, kind: 'info' | 'warning' | 'error'): void;
  /** A world switch finished (WorldSessionHooks.opened). */
  opened(world: LoadedWorld, toSavedCamera: boolean): void;
  compareChanged(on: boolean): void;
  /** The view distances in force changed. */
  distancesChanged(renderDistance: number, farDistance: number): void;
  /** Where the player is: what the session saves. */
  pose(): { camera: SavedCamera; mode: PlayerMode };
  /** A solid block at this cell would overlap the player. */
  occupiedByPlayer(x: number, y: number, z: number): boolean;
}

export interface WorldsOptions {
  start: LoadedWorld;
  /** The player's saved worlds; `edited` saves one edit of a world on screen. */
  library: SessionLibrary & { edited(worldId: string, edit: BlockEdit): void };
  scene: WorldScene;
  createWorker: () => WorkerLike;
  workers: number;
  /** The view distances to start with, and the device's defaults (a link carries only values that differ). */
  distances: { renderDistance: number; farDistance: number };
  deviceDefault: { renderDistance: number; farDistance: number };
  /** Milliseconds per frame for turning worker results into geometry. */
  applyBudgetMs: number;
}

export class Worlds {
  readonly editor: BlockEditor;
  /** Breaking by holding, particles, and placed blocks shown at once (block-building.ts). */
  readonly building: BlockBuilding;
  readonly scheduler: PoolScheduler;
  readonly sides: WorldSides;
  readonly views: ViewDistances;
  readonly session: WorldSession;
  /** Shared worlds (SharedPlay): the player's edits go to the room, a read-only copy refuses them. */
  private sharedPlay: SharedPlay | null = null;
  /** The other players' figures, the list and chat of the shared world on screen. */
  private people: PeopleView | null = null;
  private disposed = false;

  constructor(options: WorldsOptions, hooks: WorldsHooks) {
    const { library, start } = options;
    this.editor = new BlockEditor({
      columnsChanged: (columns, worldKey, at) => this.sides.withKey(worldKey)?.edited(columns, at),
      message: (text, kind) => hooks.toast(text, kind),
      stored: (worldKey, edit) => {
        const world = this.session.worldWithKey(worldKey);
        if (!world) return;
        library.edited(world.record.id, edit);
        this.sharedPlay?.edited(world.record.id, edit);
      },
      occupiedByPlayer: (x, y, z) => hooks.occupiedByPlayer(x, y, z),
      refusal: () => this.sharedPlay?.refusal() ?? null,
    });
    this.building = new BlockBuilding(this.editor, options.scene.effects, () => hooks.pose().mode);
    this.scheduler = new PoolScheduler(
      options.createWorker,
      { workerError: (message, willRetry) => hooks.error(`Worker error${willRetry ? ' (retrying)' : ''}: ${message}`) },
      options.workers,
      messageChannelSlices(TOP_UP_PER_SLICE),
    );
    this.sides = new WorldSides(options.scene, this.scheduler, start.record.params, {
      error: (message) => hooks.error(message),
      editsFor: (cx, cz, key) => this.editor.editsFor(cx, cz, key),
      editsIn: (cx0, cz0, cx1, cz1, key) => this.editor.editsInColumns(cx0, cz0, cx1, cz1, key),
      blockAt: (x, y, z, key) => this.editor.blockAt(x, y, z, key),
    }, { ...options.distances, applyBudgetMs: options.applyBudgetMs });
    const onScreen = new WorldsOnScreen(this.sides, this.editor);
    onScreen.showWorlds(start, null);
    const scene = options.scene;
    scene.setViewDistances(options.distances.renderDistance, options.distances.farDistance);
    const sides = {
      setViewDistances: (r: number, f: number) => {
        this.sides.setRenderDistance(r);
        this.sides.setFarDistance(f);
      },
    };
    this.views = new ViewDistances(options.deviceDefault, options.distances, [sides, scene], {
      changed: (r, f) => hooks.distancesChanged(r, f),
      capped: (r, wanted) => hooks.toast(`Compare mode keeps two worlds in memory: render distance capped at ${r} columns (${wanted} asked) until it ends`, 'warning'),
    });
    this.session = new WorldSession(start, library, onScreen, {
      opened: (world, toSavedCamera) => hooks.opened(world, toSavedCamera),
      compareChanged: (on) => {
        this.views.setComparing(on);
        hooks.compareChanged(on);
      },
      failed: (message) => hooks.toast(message, 'error'),
      pose: () => hooks.pose(),
    });
  }

  /** Whether column (cx, cz) of the world shown alone (the primary side) has arrived. */
  isLoaded(cx: number, cz: number): boolean {
    return this.sides.primary.streamer.isLoaded(cx, cz);
  }

  /** One frame of streaming and drawing: every side looks, requests and applies, then is drawn into its strip. */
  frame(cone: ViewCone, now: () => number, lastFrameMs: number): void {
    this.sharedPlay?.frame();
    this.people?.update(now()); // before drawing: the figures stand where they are now
    this.sides.frame(cone, now, lastFrameMs);
    this.sides.render();
  }

  /** Edits from now on also go through `shared`; it and `people` follow every frame and are disposed with the worlds. */
  attachShared(shared: SharedPlay, people: PeopleView): void {
    this.sharedPlay = shared;
    this.people = people;
  }

  get shared(): SharedPlay | null {
    return this.sharedPlay;
  }

  setWorkers(count: number): void {
    this.scheduler.resize(count);
  }

  /** Stops the session, then frees every side's geometry and the workers. Safe twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.sharedPlay?.dispose();
    this.people?.dispose();
    this.session.dispose();
    this.sides.dispose();
    this.scheduler.dispose();
  }
}
