/**
 * WorldSession's queue with a library whose reads the test releases by hand: every
 * interleaving of switches, compare toggles and pose saves that broke before is played out
 * step by step.
 */
import { describe, expect, it } from 'vitest';
import { WorldSession, type RequestOutcome, type SessionLibrary, type SessionScreen } from '../../../src/app/session/world-session';
import type { LoadedWorld } from '../../../src/persistence/world-library';
import { DEFAULT_HOTBAR, type PlayerMode, type SavedCamera, type WorldRecord } from '../../../src/storage';
import { DEFAULT_WORLD_PARAMS, EditStore, worldParamsKey, type BlockEdit, type WorldParams } from '../../../src/world';

/** Enough microtask turns for every promise chain in flight to reach its next wait. */
async function ticks(): Promise<void> {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}

function record(id: string, params: Partial<WorldParams> = {}, camera: SavedCamera | null = null): WorldRecord {
  return { id, name: id, params: { ...DEFAULT_WORLD_PARAMS, ...params }, generatorVersion: 2, created: 0, lastPlayed: 0, camera, mode: 'fly', hotbar: [...DEFAULT_HOTBAR], edits: 0, kept: true };
}

/** A library whose loads wait until the test releases them (or resolve at once with `instant`). */
class SlowLibrary implements SessionLibrary {
  readonly records = new Map<string, WorldRecord>();
  readonly poses: { worldId: string; camera: SavedCamera; mode: PlayerMode }[] = [];
  readonly onScreen: string[][] = [];
  private readonly waiting: (() => void)[] = [];
  instant = true;

  add(r: WorldRecord): WorldRecord {
    this.records.set(r.id, r);
    return r;
  }

  /** Lets every load that waits go on; resolves after they had a chance to finish. */
  async release(): Promise<void> {
    await ticks();
    for (const go of this.waiting.splice(0)) go();
    await ticks();
  }

  /** Releases loads until the queue is empty. */
  async drain(session: WorldSession): Promise<void> {
    for (let i = 0; i < 20; i++) await this.release();
    await session.idle();
  }

  get pendingLoads(): number {
    return this.waiting.length;
  }

  async get(id: string) {
    return this.records.get(id) ?? null;
  }

  async forParams(params: WorldParams) {
    const key = worldParamsKey(params);
    for (const r of this.records.values()) if (worldParamsKey(r.params) === key) return r;
    return this.add(record(`world-${params.seed}-${params.noise}`, params));
  }

  async load(r: WorldRecord): Promise<LoadedWorld> {
    if (!this.instant) await new Promise<void>((go) => this.waiting.push(go));
    return { record: r, store: new EditStore() };
  }

  async setOnScreen(ids: readonly string[]) {
    this.onScreen.push([...ids]);
  }

  async savePose(worldId: string, camera: SavedCamera, mode: PlayerMode) {
    this.poses.push({ worldId, camera, mode });
  }
}

/** The screen as the session drives it: what worlds it shows and which edits reached them. */
class FakeScreen implements SessionScreen {
  shown: { current: string; twin: string | null }[] = [];
  edits: { world: string; edits: readonly BlockEdit[] }[] = [];
  showWorlds(current: LoadedWorld, twin: LoadedWorld | null) {
    this.shown.push({ current: current.record.id, twin: twin?.record.id ?? null });
  }
  applyEdits(world: LoadedWorld, edits: readonly BlockEdit[]) {
    this.edits.push({ world: world.record.id, edits });
  }
  get last() {
    return this.shown[this.shown.length - 1];
  }
}

function setup(start = record('W1', { seed: 'one' }, { x: 1, y: 70, z: 1, yaw: 0, pitch: 0 }), deferred: (() => void)[] | null = null) {
  const library = new SlowLibrary();
  library.add(start);
  const screen = new FakeScreen();
  /** The player's pose as the game holds it; `opened` moves it as Game does. */
  const player = { camera: { ...(start.camera ?? { x: 0, y: 80, z: 0, yaw: 0, pitch: 0 }) }, mode: 'fly' as PlayerMode };
  const events: string[] = [];
  const session: WorldSession = new WorldSession({ record: start, store: new EditStore() }, library, screen, {
    opened: (world, toSavedCamera) => {
      events.push(`opened ${world.record.id}`);
      if (toSavedCamera && world.record.camera) player.camera = { ...world.record.camera };
      // Game sets the world's mode, which saves the pose at once: it must land in this world.
      player.mode = world.record.mode;
      void session.savePose();
    },
    compareChanged: (on) => events.push(`compare ${on}`),
    failed: (message) => events.push(`failed: ${message}`),
    pose: () => ({ camera: { ...player.camera }, mode: player.mode }),
  }, { defer: (run) => (deferred ? deferred.push(run) : run()) });
  return { library, screen, session, player, events };
}

describe('WorldSession', () => {
  it('compare off right after compare on leaves compare off, and each caller hears its own outcome', async () => {
    const { session, library, screen } = setup();
    library.instant = false;
    const on = session.setCompare(true);
    await ticks(); // the "on" step is reading the twin's edits...
    expect(library.pendingLoads).toBe(1);
    const off = session.setCompare(false); // ...when the player turns compare off
    await library.drain(session);
    expect(await on).toBe<RequestOutcome>('superseded');
    expect(await off).toBe<RequestOutcome>('done');
    expect(session.comparing).toBe(false);
    expect(screen.shown.every((s) => s.twin === null)).toBe(true);
  });

  it('a compare toggle during a world switch drops neither: the new world is shown with its own twin', async () => {
    const { session, library, screen, events } = setup();
    library.add(record('W2', { seed: 'two' }));
    library.instant = false;
    const open = session.open('W2');
    await ticks();
    expect(library.pendingLoads).toBe(1);
    const compare = session.setCompare(true); // while W2's edits are being read
    await library.drain(session);
    expect(await open).toBe('done');
    expect(await compare).toBe('done');
    expect(session.current.record.id).toBe('W2');
    expect(session.twin?.record.params).toMatchObject({ seed: 'two', noise: 'simplex' });
    expect(screen.last).toEqual({ current: 'W2', twin: session.twin!.record.id });
    // The toggle came true with the switch, and is announced (divider, render-distance cap).
    expect(events).toEqual(['opened W2', 'compare true']);
  });

  it('compare off during a world switch is announced too, and the new world comes alone', async () => {
    const { session, library, events } = setup();
    library.add(record('W2', { seed: 'two' }));
    await session.setCompare(true);
    expect(events).toEqual(['compare true']);
    library.instant = false;
    const open = session.open('W2');
    const off = session.setCompare(false);
    await library.drain(session);
    expect([await open, await off]).toEqual(['done', 'done']);
    expect(session.twin).toBeNull();
    expect(events).toEqual(['compare true', 'opened W2', 'compare false']);
  });

  it('a request made as the queue finishes (in a then of the last one) still runs', async () => {
    const { session, library } = setup();
    library.add(record('W2', { seed: 'two' }));
    const compared = session.open('W2').then(() => session.setCompare(true));
    expect(await compared).toBe('done');
    expect(session.comparing).toBe(true);
    await session.idle();
    expect(session.twin).not.toBeNull();
  });

  it('open() resolves when its own world is on screen, not when a compare job queued after it ends', async () => {
    const { session, library } = setup();
    library.add(record('W2', { seed: 'two' }));
    library.instant = false;
    const open = session.open('W2').then((outcome) => ({ outcome, current: session.current.record.id }));
    void session.setCompare(true);
    await library.drain(session);
    expect(await open).toEqual({ outcome: 'done', current: 'W2' });
    await session.idle();
    expect(session.comparing).toBe(true);
  });

  it('the last of several switches wins; the others are told they were superseded', async () => {
    const { session, library, screen } = setup();
    library.instant = false;
    const a = session.setParams({ ...DEFAULT_WORLD_PARAMS, seed: 'a' });
    await ticks();
    expect(library.pendingLoads).toBe(1); // "a" is being read...
    const b = session.setParams({ ...DEFAULT_WORLD_PARAMS, seed: 'b' });
    const c = session.setParams({ ...DEFAULT_WORLD_PARAMS, seed: 'c' });
    await library.drain(session);
    expect([await a, await b, await c]).toEqual(['superseded', 'superseded', 'done']);
    expect(screen.shown.map((s) => s.current)).toEqual(['world-c-perlin']);
    expect(session.params.seed).toBe('c');
  });

  it("opening a saved world saves the old world's pose into the old world and the new pose only into the new one", async () => {
    const w2 = record('W2', { seed: 'two' }, { x: 500, y: 90, z: -500, yaw: 1, pitch: 0 });
    const { session, library, player } = setup();
    library.add({ ...w2, mode: 'walk' });
    player.camera = { x: 7, y: 71, z: 7, yaw: 0.5, pitch: 0 };
    expect(await session.open('W2')).toBe('done');
    await session.idle();
    for (const save of library.poses) {
      if (save.worldId === 'W1') expect(save.camera.x).toBe(7);
      else expect(save.camera.x).toBe(500);
    }
    expect(library.poses.map((p) => p.worldId)).toEqual(['W1', 'W2']);
    expect(library.poses[1]!.mode).toBe('walk');
  });

  it('a switch whose world cannot be read fails with a message and leaves the world on screen', async () => {
    const { session, events, screen } = setup();
    expect(await session.open('gone')).toBe('failed');
    expect(events).toEqual(['failed: Could not open the world: that world no longer exists']);
    expect(session.current.record.id).toBe('W1');
    expect(screen.shown).toEqual([]);
  });

  it('setParams with the world already on screen does nothing; after a switch away it comes back', async () => {
    const { session, library, screen } = setup();
    expect(await session.setParams(session.params)).toBe('done');
    expect(screen.shown).toEqual([]);
    const away = session.setParams({ ...session.params, seed: 'elsewhere' });
    const back = session.setParams(record('W1', { seed: 'one' }).params);
    expect([await away, await back]).toEqual(['superseded', 'done']);
    await session.idle();
    expect(session.current.record.id).toBe('W1');
    expect(library.onScreen.at(-1)).toEqual(['W1']);
  });

  it('edits from another tab reach only worlds on screen', async () => {
    const { session, screen } = setup();
    const edit = { x: 1, y: 2, z: 3, block: 1 };
    session.receiveEdits('W1', [edit]);
    session.receiveEdits('not-here', [edit]);
    expect(screen.edits).toEqual([{ world: 'W1', edits: [edit] }]);
  });

  it('autosave writes at most once per interval and only when the player moved', async () => {
    const { session, library, player } = setup();
    session.autosave(0);
    session.autosave(500);
    expect(library.poses).toHaveLength(1);
    session.autosave(1000);
    expect(library.poses).toHaveLength(1); // not moved
    player.camera.x += 3;
    session.autosave(1500);
    session.autosave(2000);
    expect(library.poses).toHaveLength(2);
    expect(library.poses[1]!.camera.x).toBe(player.camera.x);
  });

  it("autosave writes after the frame that found it due, in a task of its own, the pose as it is then", () => {
    const deferred: (() => void)[] = [];
    const { session, library, player } = setup(undefined, deferred);
    session.autosave(0);
    expect(library.poses).toHaveLength(0);
    expect(deferred).toHaveLength(1);
    player.camera.x += 2;
    deferred.shift()!();
    expect(library.poses).toHaveLength(1);
    expect(library.poses[0]!.camera.x).toBe(player.camera.x);
    session.autosave(500);
    expect(deferred).toHaveLength(0);
    session.autosave(1000);
    session.dispose();
    deferred.shift()!();
    expect(library.poses).toHaveLength(1);
  });

  it('after dispose, queued requests are superseded and nothing more is written', async () => {
    const { session, library } = setup();
    library.instant = false;
    const open = session.setParams({ ...DEFAULT_WORLD_PARAMS, seed: 'later' });
    session.dispose();
    await library.release();
    expect(await open).toBe('superseded');
    await session.savePose();
    expect(library.poses.filter((p) => p.worldId !== 'W1')).toEqual([]);
  });
});
