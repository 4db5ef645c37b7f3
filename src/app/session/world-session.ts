/**
 * The world being played: which saved world is open, its compare-mode twin, switching between
 * worlds, turning compare mode on and off, and keeping the player's pose in the open world's
 * record. Everything that changes which worlds are on screen goes through here, one request at
 * a time (docs/architecture.md §8):
 *
 * - Requests are serialized: one step runs at a time, so two switches or a switch and a compare
 *   toggle never interleave their reads and writes.
 * - The last request of each kind wins. A world request waiting (or still reading its edits)
 *   when a newer world request arrives is superseded; likewise a compare toggle by a newer
 *   toggle. A compare toggle never cancels a world switch, nor the reverse.
 * - No request is dropped silently: every caller awaits its own request and learns whether it
 *   was done, superseded by a newer one, or failed (with the reason shown to the player).
 *
 * The pose is saved into an explicit world id, the world it belongs to, never "whatever is
 * current when the write runs"; a switch saves the old world's pose before anything else.
 */
import type { PlayerMode, SavedCamera, WorldRecord } from '../../storage';
import { worldParamsKey, type BlockEdit, type WorldParams } from '../../world';
import type { LoadedWorld } from '../../persistence/world-library';
import { twinParams } from './twin-params';

/** What the session needs of the player's saved worlds (WorldLibrary; a stand-in in tests). */
export interface SessionLibrary {
  get(id: string): Promise<WorldRecord | null>;
  forParams(params: WorldParams): Promise<WorldRecord>;
  load(record: WorldRecord): Promise<LoadedWorld>;
  setOnScreen(ids: readonly string[]): Promise<void>;
  savePose(worldId: string, camera: SavedCamera, mode: PlayerMode): Promise<void>;
}

/** What the session puts the worlds on: the streaming sides and the block editor. */
export interface SessionScreen {
  /** These worlds are now on screen: `twin` non-null means compare mode. */
  showWorlds(current: LoadedWorld, twin: LoadedWorld | null): void;
  /** Edits that arrived from elsewhere (another tab, later a server) for a world on screen. */
  applyEdits(world: LoadedWorld, edits: readonly BlockEdit[]): void;
}

export interface WorldSessionHooks {
  /** A switch finished: `world` is on screen; with `toSavedCamera` the player goes where they left it. */
  opened(world: LoadedWorld, toSavedCamera: boolean): void;
  /** Compare mode turned on or off. */
  compareChanged(on: boolean): void;
  /** Why a request failed, for the player. */
  failed(message: string): void;
  /** Where the player is now, and walking or flying: what an autosave writes. */
  pose(): { camera: SavedCamera; mode: PlayerMode };
}

export type RequestOutcome = 'done' | 'superseded' | 'failed';

export interface WorldSessionOptions {
  /**
   * How often, at most, a moved player is written into the open world's record: often enough
   * that a reload a second after stopping finds the player where they stood, even where the
   * browser does not let `pagehide`'s write finish; one small patch, so cheap.
   */
  autosaveMs: number;
  /**
   * Runs the autosave's write in a task of its own: opening the IndexedDB transaction is
   * synchronous work, and the frame that finds the save due must not pay for it.
   */
  defer(run: () => void): void;
}

export const DEFAULT_WORLD_SESSION_OPTIONS: Readonly<WorldSessionOptions> = Object.freeze({ autosaveMs: 1000, defer: (run: () => void) => void setTimeout(run, 0) });

interface Waiting<T> {
  value: T;
  resolve: (outcome: RequestOutcome) => void;
}

/** A world to switch to: how to find its record, and whether the player goes to its saved camera. */
interface WorldWanted {
  find: () => Promise<WorldRecord>;
  toSavedCamera: boolean;
}

export class WorldSession {
  private readonly options: WorldSessionOptions;
  private currentWorld: LoadedWorld;
  private twinWorld: LoadedWorld | null = null;
  private wantedWorld: Waiting<WorldWanted> | null = null;
  private wantedCompare: Waiting<boolean> | null = null;
  private running: Promise<void> | null = null;
  /** A world switch is reading or showing its world (the queue has already taken it). */
  private switching = false;
  private lastAutosave = -Infinity;
  /** The pose last written, so a player standing still writes nothing. */
  private savedPoseKey = '';
  private disposed = false;

  constructor(
    start: LoadedWorld,
    private readonly library: SessionLibrary,
    private readonly screen: SessionScreen,
    private readonly hooks: WorldSessionHooks,
    options: Partial<WorldSessionOptions> = {},
  ) {
    this.options = { ...DEFAULT_WORLD_SESSION_OPTIONS, ...options };
    this.currentWorld = start;
  }

  get current(): LoadedWorld {
    return this.currentWorld;
  }

  get twin(): LoadedWorld | null {
    return this.twinWorld;
  }

  get params(): WorldParams {
    return this.currentWorld.record.params;
  }

  /** Compare mode as on screen now (a toggle under way is not counted until it is done). */
  get comparing(): boolean {
    return this.twinWorld !== null;
  }

  /** Compare mode as last asked for: what the screen will show once the queue is done. */
  get compareWanted(): boolean {
    return this.wantedCompare?.value ?? this.comparing;
  }

  /** The world made from these parameters (most recently played, or a new unkept one); the player stays where they are. */
  setParams(params: WorldParams): Promise<RequestOutcome> {
    // Nothing to do only when no other world is on its way: otherwise this asks to come back.
    if (!this.wantedWorld && !this.switching && worldParamsKey(params) === worldParamsKey(this.params)) return Promise.resolve('done');
    return this.requestWorld({ find: () => this.library.forParams(params), toSavedCamera: false });
  }

  /** A saved world, where the player left it. */
  open(id: string): Promise<RequestOutcome> {
    return this.requestWorld({
      find: async () => {
        const record = await this.library.get(id);
        if (!record) throw new Error('that world no longer exists');
        return record;
      },
      toSavedCamera: true,
    });
  }

  setCompare(on: boolean): Promise<RequestOutcome> {
    return this.enqueue('compare', on);
  }

  /** Resolves once every request made so far has run (ready() waits for it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** The world on screen with this id (current or twin), or null. */
  worldWithId(id: string): LoadedWorld | null {
    if (this.currentWorld.record.id === id) return this.currentWorld;
    return this.twinWorld?.record.id === id ? this.twinWorld : null;
  }

  /** The world on screen with this worldParamsKey, or null. */
  worldWithKey(key: string): LoadedWorld | null {
    for (const world of [this.currentWorld, this.twinWorld]) if (world && worldParamsKey(world.record.params) === key) return world;
    return null;
  }

  /**
   * Edits made elsewhere (another tab now, a server later) for world `worldId`: the one way
   * outside edits reach a world on screen. Worlds not on screen are not held here; they are
   * read again from storage when opened.
   */
  receiveEdits(worldId: string, edits: readonly BlockEdit[]): void {
    const world = this.worldWithId(worldId);
    if (world && !this.disposed) this.screen.applyEdits(world, edits);
  }

  /**
   * Called every frame: writes the pose into the open world at most once per `autosaveMs`, and
   * only when it moved; the write itself runs after the frame (options.defer).
   */
  autosave(now: number): void {
    if (now - this.lastAutosave < this.options.autosaveMs) return;
    this.lastAutosave = now;
    this.options.defer(() => void this.savePose(false).catch(() => undefined));
  }

  /** Writes the pose into the open world now (leaving the page, a mode switch), unless unchanged. */
  savePose(force = true): Promise<void> {
    if (this.disposed) return Promise.resolve();
    const { camera, mode } = this.hooks.pose();
    const id = this.currentWorld.record.id;
    const key = `${id},${camera.x.toFixed(2)},${camera.y.toFixed(2)},${camera.z.toFixed(2)},${camera.yaw.toFixed(3)},${camera.pitch.toFixed(3)},${mode}`;
    if (!force && key === this.savedPoseKey) return Promise.resolve();
    this.savedPoseKey = key;
    return this.library.savePose(id, { ...camera }, mode);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const waiting of [this.wantedWorld, this.wantedCompare]) waiting?.resolve('superseded');
    this.wantedWorld = null;
    this.wantedCompare = null;
  }

  private requestWorld(wanted: WorldWanted): Promise<RequestOutcome> {
    return this.enqueue('world', wanted);
  }

  private enqueue(kind: 'world', value: WorldWanted): Promise<RequestOutcome>;
  private enqueue(kind: 'compare', value: boolean): Promise<RequestOutcome>;
  private enqueue(kind: 'world' | 'compare', value: WorldWanted | boolean): Promise<RequestOutcome> {
    if (this.disposed) return Promise.resolve('superseded');
    const done = new Promise<RequestOutcome>((resolve) => {
      if (kind === 'world') {
        this.wantedWorld?.resolve('superseded');
        this.wantedWorld = { value: value as WorldWanted, resolve };
      } else {
        this.wantedCompare?.resolve('superseded');
        this.wantedCompare = { value: value as boolean, resolve };
      }
    });
    this.kick();
    return done;
  }

  /** Starts the queue's runner unless one runs; a request that came as it finished starts the next. */
  private kick(): void {
    if (this.running || this.disposed) return;
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.wantedWorld || this.wantedCompare) this.kick();
    });
  }

  /** Runs the queued requests one at a time, world switches first, until none is left. */
  private async run(): Promise<void> {
    // Let the caller's synchronous follow-ups (a toggle right after a switch) queue first.
    await Promise.resolve();
    while (!this.disposed) {
      const world = this.wantedWorld;
      const compare = this.wantedCompare;
      if (world) {
        this.wantedWorld = null;
        this.switching = true;
        const outcome = await this.attempt(() => this.switchWorld(world.value), 'Could not open the world');
        this.switching = false;
        world.resolve(outcome);
      } else if (compare) {
        this.wantedCompare = null;
        compare.resolve(await this.attempt(() => this.switchCompare(compare.value), 'Could not open the other world'));
      } else return;
    }
  }

  private async attempt(step: () => Promise<RequestOutcome>, what: string): Promise<RequestOutcome> {
    try {
      return await step();
    } catch (err) {
      if (!this.disposed) this.hooks.failed(`${what}: ${err instanceof Error ? err.message : String(err)}`);
      return 'failed';
    }
  }

  /** Finds the world, saves where the player was in the old one, reads the new world's edits (and its twin's), then shows them. */
  private async switchWorld(wanted: WorldWanted): Promise<RequestOutcome> {
    const record = await wanted.find();
    await this.savePose(true);
    const world = await this.library.load(record);
    const twin = this.compareWanted ? await this.library.load(await this.library.forParams(twinParams(record.params))) : null;
    // A newer switch arrived while this one read: that one is what the player wants now.
    if (this.wantedWorld || this.disposed) return 'superseded';
    const wasComparing = this.comparing;
    this.currentWorld = world;
    this.twinWorld = twin;
    this.screen.showWorlds(world, twin);
    this.hooks.opened(world, wanted.toSavedCamera);
    // A toggle made while this switch read came true with it: say so, as its own step would.
    if (this.comparing !== wasComparing) this.hooks.compareChanged(this.comparing);
    await this.library.setOnScreen(this.onScreenIds());
    return 'done';
  }

  private async switchCompare(on: boolean): Promise<RequestOutcome> {
    if (on === this.comparing) return 'done';
    const twin = on ? await this.library.load(await this.library.forParams(twinParams(this.params))) : null;
    // A newer toggle makes this one moot. A switch queued meanwhile is not a reason: it
    // reads compareWanted, so it brings a twin for its own world once this one is shown.
    if (this.wantedCompare || this.disposed) return 'superseded';
    this.twinWorld = twin;
    this.screen.showWorlds(this.currentWorld, twin);
    this.hooks.compareChanged(on);
    await this.library.setOnScreen(this.onScreenIds());
    return 'done';
  }

  private onScreenIds(): string[] {
    return [this.currentWorld.record.id, ...(this.twinWorld ? [this.twinWorld.record.id] : [])];
  }
}
