/**
 * One run of `npm run bench:server`: server process(es) on loopback, shared worlds made through
 * POST /api/worlds, players joined, a warm-up, the measured window, a drain of the last acks,
 * the servers stopped, and every acknowledged edit looked up in the database.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { SHARE_PATH, type ShareReply } from '../../../server/share-api';
import { openRepository } from '../../../server/storage/open-repository';
import { DEFAULT_HOTBAR } from '../../../src/storage';
import { encodeWorldFile } from '../../../src/storage/world-file';
import { DEFAULT_WORLD_PARAMS, WORLD_FORMAT_VERSION, type BlockEdit } from '../../../src/world';
import { mulberry32 } from '../../../test/support/random';
import { BenchClient } from './bench-client';
import { cpuPercent, latency, missingEdits, type Latency } from './figures';
import { planCapacity } from './plan';
import { readProc, startServerChild, stopServerChild, type ProcReading, type ServerChild } from './server-process';

export interface ScenarioOptions {
  players: number;
  worlds: number;
  processes: number;
  /** Seconds of the measured window, and of the unmeasured warm-up before it. */
  seconds: number;
  warmupSeconds: number;
  editsPerSecond: number;
  movesPerSecond: number;
  /** The players' phases come from it: a run is the same run every time. */
  seed: number;
  databaseUrl?: string;
  redisUrl?: string;
  /** A directory for the servers' --cpu-prof profiles. */
  profileDir?: string;
  /** The checkout whose server/main.ts runs (another build of the server, to compare); default this one. */
  serverRoot?: string;
}

export interface ProcessFigures {
  /** Percent of one core over the measured window. */
  cpuPercent: number;
  /** Largest resident set seen in the window, and the kernel's peak over the process's life. */
  rssMaxMb: number;
  rssPeakMb: number;
}

export interface ScenarioResult {
  options: Omit<ScenarioOptions, 'databaseUrl' | 'redisUrl'> & { database: string; redis: boolean };
  joinSeconds: number;
  windowSeconds: number;
  roundTripMs: Latency;
  editsSent: number;
  editsAcked: number;
  refused: Record<string, number>;
  /** Clients the room disconnected during the run, by close code. */
  disconnected: Record<string, number>;
  messagesPerSecond: { sent: number; received: number; statePatches: number; editBroadcasts: number };
  servers: ProcessFigures[];
  /** The simulated clients' own CPU (this process), percent of one core: they share the machine. */
  clientsCpuPercent: number;
  /**
   * How late the clients' event loop ran over the window (ms, p50 / p99 / max): an ack waits that
   * long to be read, so a round trip includes it; a large figure means the bench, not the server, was starved.
   */
  clientsLoopDelayMs: { p50: number; p99: number; max: number };
  acknowledgedMissing: number;
  /** Edits still unanswered after the drain (neither acked nor refused). */
  unanswered: number;
  profiles: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Children to kill when this process is interrupted: bench-server.ts's signal handler reads it. */
export const liveServers = new Set<ServerChild>();
/** Temp directories of runs under way, removed by the same handler. */
export const liveTempDirs = new Set<string>();

async function shareWorld(url: string, index: number): Promise<ShareReply> {
  const now = Date.now();
  const file = await encodeWorldFile({
    id: `bench-${index}`, name: `bench ${index}`, params: { ...DEFAULT_WORLD_PARAMS, type: 'flat', seed: `bench-${index}` },
    generatorVersion: WORLD_FORMAT_VERSION, created: now, lastPlayed: now, camera: { x: 0, y: 160, z: 0, yaw: 0, pitch: 0 },
    mode: 'fly', hotbar: [...DEFAULT_HOTBAR], edits: 0, kept: true,
  }, []);
  const response = await fetch(url + SHARE_PATH, { method: 'POST', body: file });
  if (response.status !== 201) throw new Error(`POST ${SHARE_PATH}: ${response.status} ${await response.text()}`);
  return (await response.json()) as ShareReply;
}

/** Runs `fn` over `items`, `width` at a time. */
async function inBatches<T>(items: readonly T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(fn));
}

export async function runScenario(root: string, options: ScenarioOptions, log: (line: string) => void): Promise<ScenarioResult> {
  const { players, worlds, processes, editsPerSecond } = options;
  const perWorld = Math.ceil(players / worlds);
  if ((options.warmupSeconds + options.seconds + 30) * editsPerSecond > planCapacity()) {
    throw new Error(`${options.warmupSeconds + options.seconds} s at ${editsPerSecond} edits/s would overflow a player's ${planCapacity()}-block strip`);
  }
  const temp = mkdtempSync(path.join(os.tmpdir(), 'bench-server-'));
  liveTempDirs.add(temp);
  const dataDir = path.join(temp, 'data');
  const servers: ServerChild[] = [];
  const clients: BenchClient[] = [];
  try {
    const env: Record<string, string> = { DATA_DIR: dataDir, STATIC_DIR: temp, MAX_PLAYERS: String(Math.min(1000, perWorld + 10)) };
    if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
    if (options.redisUrl) env.REDIS_URL = options.redisUrl;
    const nodeArgs = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
    for (let p = 0; p < processes; p++) {
      const server = await startServerChild(options.serverRoot ?? root, env, nodeArgs);
      servers.push(server);
      liveServers.add(server);
    }
    log(`${processes} server process(es) up (${options.databaseUrl ? 'PostgreSQL' : 'PGlite'}${options.redisUrl ? ', Redis' : ''}); sharing ${worlds} world(s)`);
    const shared: ShareReply[] = [];
    for (let w = 0; w < worlds; w++) shared.push(await shareWorld(servers[w % processes]!.url, w));
    const random = mulberry32(options.seed); // the players' phases, from a fixed seed
    const runId = Date.now().toString(36);
    for (let i = 0; i < players; i++) {
      const world = shared[i % worlds]!;
      clients.push(new BenchClient(
        { worldId: world.id, playerKey: `bench-${runId}-${i}`, name: `bench ${i}` },
        servers[i % processes]!.url, Math.floor(i / worlds), { editsPerSecond, movesPerSecond: options.movesPerSecond }, random(),
      ));
    }
    const joinStart = performance.now();
    // Each world's first player makes its room. Colyseus puts a new room on the process with
    // the fewest rooms, from counts each process publishes at most once a second: rooms made in
    // one burst would all land on one process, so with several they are made a second apart.
    for (const c of clients.slice(0, worlds)) {
      await c.connect();
      if (processes > 1) await sleep(1100);
    }
    await inBatches(clients.slice(worlds), 10, (c) => c.connect());
    const joinSeconds = (performance.now() - joinStart) / 1000;
    log(`${players} players joined in ${joinSeconds.toFixed(1)} s; warm-up ${options.warmupSeconds} s, then ${options.seconds} s measured`);

    let editing = true;
    const t0 = performance.now();
    for (const c of clients) c.start(t0);
    const loop = setInterval(() => {
      const now = performance.now();
      for (const c of clients) c.step(now, editing);
    }, 5);
    try {
      await sleep(options.warmupSeconds * 1000);
      const counters = () => clients.reduce((s, c) => ({ sent: s.sent + c.counters.sent, received: s.received + c.counters.received, patches: s.patches + c.counters.patches, broadcasts: s.broadcasts + c.counters.broadcasts }), { sent: 0, received: 0, patches: 0, broadcasts: 0 });
      const before = { counters: counters(), procs: servers.map((s) => readProc(s.child.pid!)), cpu: process.cpuUsage(), at: performance.now() };
      for (const c of clients) c.measuring = true;
      const loopDelay = monitorEventLoopDelay({ resolution: 10 });
      loopDelay.enable();
      const rssMax = servers.map(() => 0);
      for (let s = 0; s < options.seconds; s++) {
        await sleep(1000);
        servers.forEach((server, i) => (rssMax[i] = Math.max(rssMax[i]!, readProc(server.child.pid!)?.rssKb ?? 0)));
      }
      for (const c of clients) c.measuring = false;
      loopDelay.disable();
      const after = { counters: counters(), procs: servers.map((s) => readProc(s.child.pid!)), cpu: process.cpuUsage(before.cpu), at: performance.now() };
      const windowSeconds = (after.at - before.at) / 1000;
      editing = false;
      // The last edits' acks: the commit after the last tick, at most a few seconds on a busy machine.
      for (let waited = 0; waited < 15_000 && clients.some((c) => c.pending > 0); waited += 100) await sleep(100);
      clearInterval(loop);
      await Promise.all(clients.map((c) => c.leave()));
      const procFigures = (a: ProcReading | null, b: ProcReading | null, i: number): ProcessFigures => ({
        cpuPercent: a && b ? cpuPercent(a.ticks, b.ticks, (b.at - a.at) / 1000) : NaN,
        rssMaxMb: rssMax[i]! / 1024,
        rssPeakMb: (b?.peakKb ?? NaN) / 1024,
      });
      const serverFigures = servers.map((_, i) => procFigures(before.procs[i]!, after.procs[i]!, i));
      const exits = await Promise.all(servers.map((s) => stopServerChild(s)));
      servers.forEach((s) => liveServers.delete(s));
      if (exits.some((code) => code !== 0)) log(`server exit: ${exits.join(', ')}`);
      const acked = clients.flatMap((c) => c.acked);
      const missing = await countMissing(acked, shared.map((w) => w.id), options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir });
      const perSecond = (v: number) => v / windowSeconds;
      const refused: Record<string, number> = {};
      for (const c of clients) for (const [reason, n] of c.refused) refused[reason] = (refused[reason] ?? 0) + n;
      const disconnected: Record<string, number> = {};
      for (const c of clients) if (c.leftWith !== null) disconnected[c.leftWith] = (disconnected[c.leftWith] ?? 0) + 1;
      const { databaseUrl, redisUrl, ...rest } = options;
      return {
        options: { ...rest, database: databaseUrl ? 'PostgreSQL' : 'PGlite', redis: redisUrl !== undefined },
        joinSeconds,
        windowSeconds,
        roundTripMs: latency(clients.flatMap((c) => c.roundTrips)),
        editsSent: clients.reduce((s, c) => s + c.editsSent, 0),
        editsAcked: acked.length,
        refused,
        disconnected,
        messagesPerSecond: {
          sent: perSecond(after.counters.sent - before.counters.sent),
          received: perSecond(after.counters.received - before.counters.received),
          statePatches: perSecond(after.counters.patches - before.counters.patches),
          editBroadcasts: perSecond(after.counters.broadcasts - before.counters.broadcasts),
        },
        servers: serverFigures,
        clientsCpuPercent: ((after.cpu.user + after.cpu.system) / 1e6 / windowSeconds) * 100,
        clientsLoopDelayMs: { p50: loopDelay.percentile(50) / 1e6, p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
        acknowledgedMissing: missing,
        unanswered: clients.reduce((s, c) => s + c.pending, 0),
        profiles: options.profileDir ? readdirSync(options.profileDir).filter((f) => f.endsWith('.cpuprofile')).map((f) => path.join(options.profileDir!, f)) : [],
      };
    } finally {
      clearInterval(loop);
    }
  } finally {
    await Promise.all(clients.map((c) => c.leave()));
    for (const s of servers) {
      if (liveServers.delete(s)) await stopServerChild(s, 5000);
    }
    rmSync(temp, { recursive: true, force: true });
    liveTempDirs.delete(temp);
  }
}

/** Acknowledged edits not in the database, read with the servers stopped. */
async function countMissing(acked: Parameters<typeof missingEdits>[0], worldIds: readonly string[], config: { databaseUrl?: string; dataDir?: string }): Promise<number> {
  const repository = await openRepository(config);
  try {
    const stored = new Map<string, BlockEdit[]>();
    for (const id of worldIds) stored.set(id, await repository.edits(id));
    return missingEdits(acked, stored).length;
  } finally {
    await repository.dispose();
  }
}

export { topSelf } from '../cpu-profile';
