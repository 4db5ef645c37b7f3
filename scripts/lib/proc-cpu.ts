/**
 * Where the CPU went (Linux /proc): our page's main thread, its workers, SwiftShader's GPU
 * process, the rest of our Chromium, and everything else on the machine (other tenants).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { round } from './stats';

export type CpuGroup = 'pageMainThread' | 'workers' | 'gpuProcess' | 'otherChromium';
export const CPU_GROUPS: readonly CpuGroup[] = ['pageMainThread', 'workers', 'gpuProcess', 'otherChromium'];
/** USER_HZ: /proc/stat counts CPU time in these ticks; 100 on every mainstream Linux. */
export const CLOCK_TICKS = 100;

export interface ThreadTimes {
  group: CpuGroup;
  /** Nanoseconds on a CPU, and runnable but waiting for one (/proc/.../schedstat). */
  runNs: number;
  waitNs: number;
}

export interface CpuSample {
  at: number;
  machineBusy: number;
  machineIdle: number;
  threads: Map<number, ThreadTimes>;
}

export interface CpuUse {
  wallSeconds: number;
  /** Cores used on average over the interval (2 = both cores of a 2-core machine, all the time). */
  cores: Record<CpuGroup | 'restOfMachine' | 'idle', number>;
  /**
   * Cores' worth of threads that were ready to run but queued for a CPU: a thread starved by
   * others shows a high figure here; an idle one (nothing to do) shows neither.
   */
  waitingForCpu: Record<CpuGroup, number>;
}

export const readText = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process or thread exited meanwhile
  }
};

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
export const statFields = (text: string): string[] => text.slice(text.lastIndexOf(')') + 2).split(' ');

export function sampleCpu(): CpuSample | null {
  const stat = readText('/proc/stat');
  if (stat === null) return null;
  const v = stat.split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  const sample: CpuSample = { at: performance.now(), machineBusy: v.reduce((a, b) => a + b, 0) - idle, machineIdle: idle, threads: new Map() };
  // Our Chromium: the descendants of this process (the zygote forks renderers, so walk the tree).
  const parentOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const text = readText(`/proc/${name}/stat`);
    if (text !== null) parentOf.set(Number(name), Number(statFields(text)[1]));
  }
  const ours = new Set<number>([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parentOf) {
      if (!ours.has(pid) && ours.has(ppid)) {
        ours.add(pid);
        grew = true;
      }
    }
  }
  ours.delete(process.pid);
  for (const pid of ours) {
    const cmdline = readText(`/proc/${pid}/cmdline`);
    if (cmdline === null || !cmdline.includes('chrom')) continue;
    const type = /--type=([a-z-]+)/.exec(cmdline)?.[1] ?? 'browser';
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tidText of tids) {
      const tid = Number(tidText);
      const sched = readText(`/proc/${pid}/task/${tid}/schedstat`)?.trim().split(' ').map(Number);
      let runNs = sched?.[0];
      const waitNs = sched?.[1] ?? 0;
      if (runNs === undefined) {
        const text = readText(`/proc/${pid}/task/${tid}/stat`);
        if (text === null) continue;
        const f = statFields(text);
        runNs = ((Number(f[11]) + Number(f[12])) / CLOCK_TICKS) * 1e9;
      }
      const comm = (readText(`/proc/${pid}/task/${tid}/comm`) ?? '').trim();
      const group: CpuGroup =
        type === 'gpu-process' ? 'gpuProcess' : type === 'renderer' && tid === pid ? 'pageMainThread' : type === 'renderer' && comm.startsWith('DedicatedWorker') ? 'workers' : 'otherChromium';
      sample.threads.set(tid, { group, runNs, waitNs });
    }
  }
  return sample;
}

export function cpuBetween(a: CpuSample | null, b: CpuSample | null): CpuUse | null {
  if (!a || !b) return null;
  const wallSeconds = (b.at - a.at) / 1000;
  const zero = () => Object.fromEntries(CPU_GROUPS.map((g) => [g, 0])) as Record<CpuGroup, number>;
  const run = zero();
  const wait = zero();
  for (const [tid, t] of b.threads) {
    const before = a.threads.get(tid);
    run[t.group] += t.runNs - (before?.runNs ?? 0);
    wait[t.group] += t.waitNs - (before?.waitNs ?? 0);
  }
  const ns = (value: number) => round(value / 1e9 / wallSeconds, 2);
  const ticks = (value: number) => round(value / CLOCK_TICKS / wallSeconds, 2);
  const oursNs = CPU_GROUPS.reduce((sum, g) => sum + run[g], 0);
  return {
    wallSeconds: round(wallSeconds, 1),
    cores: {
      pageMainThread: ns(run.pageMainThread),
      workers: ns(run.workers),
      gpuProcess: ns(run.gpuProcess),
      otherChromium: ns(run.otherChromium),
      restOfMachine: Math.max(0, round(ticks(b.machineBusy - a.machineBusy) - ns(oursNs), 2)),
      idle: ticks(b.machineIdle - a.machineIdle),
    },
    waitingForCpu: {
      pageMainThread: ns(wait.pageMainThread),
      workers: ns(wait.workers),
      gpuProcess: ns(wait.gpuProcess),
      otherChromium: ns(wait.otherChromium),
    },
  };
}
