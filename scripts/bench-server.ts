/**
 * `npm run bench:server`: the multiplayer server under load (issue 24's "Load" figures). Starts
 * the real server (server/main.ts) as a child process on loopback with a fresh database,
 * shares world(s) through POST /api/worlds, and runs simulated players (the Colyseus SDK in
 * this Node process): each walks its own strip (moves at 10 Hz) and places blocks within reach
 * at a set rate. After a warm-up it measures a window: edit round trip (send to ack) p50 / p95
 * / p99, messages/s, refusals, server CPU (percent of one core, /proc/<pid>/stat) and memory
 * (RSS). Then it stops the server and checks every acknowledged edit is in the database.
 * Prints a table (stderr) and JSON (stdout); exits 1 when an acknowledged edit is missing.
 *
 *   npm run bench:server [-- --players 100 --worlds 1 --processes 1 --seconds 20 --warmup 5 --rate 2 --moves 10]
 *   npm run bench:server -- --worlds 10 --players 200 --processes 2   # PostgreSQL + Redis (below)
 *   npm run bench:server -- --ramp [--from 50 --step 50 --max 400]      # largest count with p95 <= 100 ms
 *   npm run bench:server -- --profile <dir>                            # the server under --cpu-prof
 *   npm run bench:server -- --server <dir>                             # another checkout's server (before/after)
 *
 * The database is the embedded PGlite in a temp dir, or DATABASE_URL. Several processes need a
 * shared PostgreSQL and a Redis: DATABASE_URL / TEST_DATABASE_URL and REDIS_URL / TEST_REDIS_URL,
 * else scripts/ci-services.sh starts throwaway ones (when postgresql and redis-server are
 * installed) and stops them. The clients run on the same 2 cores as the server: their own CPU
 * is reported next to it. Only ratios and orders of magnitude mean much on a shared machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { largestPassing, type RampStep } from './lib/server-bench/figures';
import { liveServers, liveTempDirs, runScenario, topSelf, type ScenarioOptions, type ScenarioResult } from './lib/server-bench/scenario';
import { provideServices, type Services } from './lib/server-bench/services';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GOALS = { p95Ms: 50, rampP95Ms: 100, cpuPercent: 100 };

/** `--name value` or `--name=value`. */
function arg(name: string, fallback: string): string {
  const argv = process.argv;
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return fallback;
  return argv[i]!.includes('=') ? argv[i]!.slice(name.length + 3) : (argv[i + 1] ?? fallback);
}
const flag = (name: string) => process.argv.includes(`--${name}`);
function count(name: string, fallback: number, min: number, max: number): number {
  const value = Number(arg(name, String(fallback)));
  if (!(value >= min && value <= max)) throw new Error(`--${name} must be a number ${min}..${max}`);
  return value;
}

const log = (line: string) => process.stderr.write(`[bench:server] ${line}\n`);
const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');

function table(results: readonly ScenarioResult[]): void {
  log('players worlds procs db        rtt p50   p95   p99  (ms)  acked  refused  msg/s sent  recv   server CPU %  RSS MB  clients CPU %  missing');
  for (const r of results) {
    const o = r.options;
    const refused = Object.values(r.refused).reduce((a, b) => a + b, 0);
    log(`${String(o.players).padStart(7)} ${String(o.worlds).padStart(6)} ${String(o.processes).padStart(5)} ${o.database.padEnd(10)}${f1(r.roundTripMs.p50).padStart(8)} ${f1(r.roundTripMs.p95).padStart(5)} ${f1(r.roundTripMs.p99).padStart(5)}       ${String(r.editsAcked).padStart(6)} ${String(refused).padStart(8)} ${f1(r.messagesPerSecond.sent).padStart(10)} ${f1(r.messagesPerSecond.received).padStart(6)}   ${r.servers.map((s) => f1(s.cpuPercent)).join('+').padStart(12)} ${r.servers.map((s) => f1(s.rssPeakMb)).join('+').padStart(7)} ${f1(r.clientsCpuPercent).padStart(14)} ${String(r.acknowledgedMissing).padStart(8)}`);
  }
  for (const r of results) {
    const d = r.clientsLoopDelayMs;
    log(`${r.options.players} players: the clients' event loop ran late by p50 ${f1(d.p50)} / p99 ${f1(d.p99)} / max ${f1(d.max)} ms (a round trip includes it)`);
    if (Object.keys(r.refused).length) log(`refused (${r.options.players} players): ${JSON.stringify(r.refused)}`);
    if (Object.keys(r.disconnected).length) log(`disconnected by close code (${r.options.players} players): ${JSON.stringify(r.disconnected)}`);
  }
  log(`note: the ${os.cpus().length} cores are shared by the server(s), the simulated clients (this process) and anything else running (load average ${os.loadavg().map((v) => v.toFixed(1)).join(' ')})`);
}

async function main(): Promise<void> {
  const ramp = flag('ramp');
  const processes = count('processes', 1, 1, 8);
  const base: ScenarioOptions = {
    players: count('players', 100, 1, 2000),
    worlds: count('worlds', 1, 1, 200),
    processes,
    seconds: count('seconds', ramp ? 8 : 20, 1, 300),
    warmupSeconds: count('warmup', ramp ? 3 : 5, 0, 120),
    editsPerSecond: count('rate', 2, 0.1, 20),
    movesPerSecond: count('moves', 10, 1, 30),
    seed: count('seed', 24, 0, 2 ** 32 - 1),
  };
  const serverRoot = arg('server', '');
  if (serverRoot) base.serverRoot = path.resolve(serverRoot);
  const profile = arg('profile', '');
  if (profile) base.profileDir = path.resolve(profile);
  let services: Services | null = null;
  if (processes > 1) {
    services = provideServices(ROOT, { database: true, redis: true });
    if (!services.databaseUrl || !services.redisUrl) {
      services.stop();
      throw new Error(`--processes ${processes} needs a PostgreSQL and a Redis shared by the processes: set DATABASE_URL and REDIS_URL (or TEST_DATABASE_URL / TEST_REDIS_URL), or install postgresql and redis-server so scripts/ci-services.sh can start throwaway ones`);
    }
    if (services.started.length) log(`started ${services.started.join(' and ')} with scripts/ci-services.sh`);
    base.databaseUrl = services.databaseUrl;
    base.redisUrl = services.redisUrl;
  } else if (process.env.DATABASE_URL?.trim()) {
    base.databaseUrl = process.env.DATABASE_URL.trim();
  }
  const stopAll = () => {
    for (const s of liveServers) s.child.kill('SIGKILL');
    for (const dir of liveTempDirs) rmSync(dir, { recursive: true, force: true });
    services?.stop();
  };
  process.once('SIGINT', () => {
    log('interrupted: stopping the servers and services');
    stopAll();
    process.exit(130);
  });
  process.once('SIGTERM', () => {
    stopAll();
    process.exit(143);
  });
  try {
    const results: ScenarioResult[] = [];
    if (ramp) {
      const from = count('from', 50, 1, 2000);
      const step = count('step', 50, 1, 1000);
      const max = count('max', 400, from, 2000);
      const steps: RampStep[] = [];
      for (let players = from; players <= max; players += step) {
        const result = await runScenario(ROOT, { ...base, players, worlds: 1 }, log);
        results.push(result);
        steps.push({ players, p95Ms: result.roundTripMs.p95, lost: result.acknowledgedMissing, clean: Object.keys(result.disconnected).length === 0 });
        log(`${players} players: p95 ${f1(result.roundTripMs.p95)} ms`);
        if (!(result.roundTripMs.p95 <= GOALS.rampP95Ms) || result.acknowledgedMissing > 0) break;
      }
      table(results);
      const largest = largestPassing(steps, GOALS.rampP95Ms);
      log(`largest player count in one world with edit round trip p95 <= ${GOALS.rampP95Ms} ms: ${largest ?? `none (below ${from})`}`);
      console.log(JSON.stringify({ node: process.version, cpus: os.cpus().length, loadavg: os.loadavg(), ramp: { p95GoalMs: GOALS.rampP95Ms, largest }, results }, null, 2));
    } else {
      if (base.profileDir === undefined && flag('profile')) base.profileDir = mkdtempSync(path.join(os.tmpdir(), 'bench-server-prof-'));
      const result = await runScenario(ROOT, base, log);
      results.push(result);
      table(results);
      const goals = {
        p95: { goal: `edit round trip p95 <= ${GOALS.p95Ms} ms`, value: result.roundTripMs.p95, met: result.roundTripMs.p95 <= GOALS.p95Ms },
        lost: { goal: 'acknowledged edits missing from the database: 0', value: result.acknowledgedMissing, met: result.acknowledgedMissing === 0 },
        cpu: { goal: `each server process under one core (< ${GOALS.cpuPercent}%)`, value: result.servers.map((s) => s.cpuPercent), met: result.servers.every((s) => s.cpuPercent < GOALS.cpuPercent) },
      };
      for (const g of Object.values(goals)) log(`${g.met ? 'met    ' : 'MISSED '} ${g.goal}: ${JSON.stringify(g.value)}`);
      const hot = result.profiles.map((file) => ({ file, topSelf: topSelf(file) }));
      for (const p of hot) {
        log(`profile ${p.file} (the whole process life, start-up included):`);
        for (const t of p.topSelf) log(`  ${String(t.pct).padStart(5)}%  ${t.fn}`);
      }
      console.log(JSON.stringify({ node: process.version, cpus: os.cpus().length, loadavg: os.loadavg(), goals, result, profiles: hot }, null, 2));
    }
    log(`acknowledged edits missing: ${results.reduce((s, r) => s + r.acknowledgedMissing, 0)}`);
    if (results.some((r) => r.acknowledgedMissing > 0)) process.exitCode = 1;
  } finally {
    services?.stop();
  }
}

try {
  await main();
} catch (error) {
  log(error instanceof Error ? error.message : String(error));
  for (const s of liveServers) s.child.kill('SIGKILL');
  process.exitCode = 2;
}
