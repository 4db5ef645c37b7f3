/**
 * The server under test in a child process of its own (server/main.ts under Node with tsx's
 * loader, not the tsx command, whose extra process would stand between us and the server's
 * /proc figures and survive a kill), and its CPU and memory from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { cpuTicks, statusKb } from './figures';

export interface ServerChild {
  child: ChildProcess;
  port: number;
  url: string;
  /** Lines it wrote to stderr (the last few, for a failure's message). */
  errors: string[];
}

/** A port nothing listens on now (the server's PORT must be 1..65535, so not 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts server/main.ts with `env` on top of ours and resolves once it says it is serving. */
export async function startServerChild(root: string, env: Record<string, string>, nodeArgs: readonly string[] = []): Promise<ServerChild> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    errors.push(line);
    if (errors.length > 20) errors.shift();
  });
  const serving = (async () => {
    for await (const line of createInterface({ input: child.stdout! })) {
      if (line.startsWith('voxel server: http://')) return;
    }
    throw new Error('the server closed its output before serving');
  })();
  const exited = once(child, 'exit').then(([code, signal]) => {
    throw new Error(`the server exited (${code ?? signal}) before serving: ${errors.join(' / ')}`);
  });
  serving.catch(() => undefined);
  exited.catch(() => undefined);
  try {
    await Promise.race([serving, exited]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  // Keep draining stdout, or a chatty server would block on a full pipe.
  child.stdout!.resume();
  return { child, port, url: `http://127.0.0.1:${port}`, errors };
}

/** SIGTERM (the rooms commit what they hold, the database closes), SIGKILL after `graceMs`. */
export async function stopServerChild(server: ServerChild, graceMs = 30_000): Promise<number | string> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode ?? child.signalCode!;
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  const [code, signal] = await exited;
  clearTimeout(timer);
  return code ?? signal ?? 'gone';
}

export interface ProcReading {
  at: number;
  ticks: number;
  rssKb: number;
  /** The kernel's peak resident set (VmHWM) so far. */
  peakKb: number;
}

/** The process's CPU ticks and memory now, or null once it is gone. */
export function readProc(pid: number): ProcReading | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return { at: performance.now(), ticks: cpuTicks(stat), rssKb: statusKb(status, 'VmRSS'), peakKb: statusKb(status, 'VmHWM') };
  } catch {
    return null;
  }
}
