/** The page's main-thread work, read from a Chrome trace. */
import type { CdpProfile } from './cpu-profile';
import { nameLongTasks } from './long-task-names';
import { percentile, round } from './stats';

export interface TraceEvent {
  ph: string;
  name: string;
  cat?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { functionName?: string; type?: string; url?: string } };
}

/**
 * The page's main-thread work from a Chrome trace: tasks ('toplevel' RunTask) and
 * requestAnimationFrame callbacks ('devtools.timeline' FireAnimationFrame), each with its wall
 * time (dur) and the CPU time the thread actually got (tdur). On an oversubscribed machine a
 * task can last far longer on the wall clock than the work in it: side by side they tell which.
 */
export function mainThreadWork(trace: Buffer, longMs: number, profile: (CdpProfile & { startTime: number }) | null = null) {
  const parsed = JSON.parse(trace.toString('utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] };
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mainThreads = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const tasksBy = new Map<string, TraceEvent[]>();
  const framesBy = new Map<string, TraceEvent[]>();
  const allBy = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue;
    const key = `${e.pid}:${e.tid}`;
    if (!mainThreads.has(key)) continue;
    const all = allBy.get(key) ?? [];
    all.push(e);
    allBy.set(key, all);
    const into = /RunTask$/.test(e.name) ? tasksBy : e.name === 'FireAnimationFrame' ? framesBy : null;
    if (!into) continue;
    const list = into.get(key) ?? [];
    list.push(e);
    into.set(key, list);
  }
  // The page's renderer is the busiest main thread traced (other renderers are idle or gone).
  const [key, tasks] = [...tasksBy.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? ['', []];
  if (tasks.length === 0) return null;
  tasks.sort((a, b) => a.ts - b.ts);
  const first = tasks[0]!.ts;
  const last = Math.max(...tasks.map((t) => t.ts + (t.dur ?? 0)));
  const ms = (us: number | undefined) => (us ?? 0) / 1000;
  const wallMs = tasks.reduce((sum, t) => sum + ms(t.dur), 0);
  const cpuMs = tasks.reduce((sum, t) => sum + ms(t.tdur), 0);
  // Animation-frame callbacks grouped by the task that ran them: one group per frame.
  const perFrame = new Map<number, { wall: number; cpu: number }>();
  for (const f of framesBy.get(key) ?? []) {
    let lo = 0;
    let hi = tasks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (tasks[mid]!.ts <= f.ts) lo = mid;
      else hi = mid - 1;
    }
    const g = perFrame.get(lo) ?? { wall: 0, cpu: 0 };
    g.wall += ms(f.dur);
    g.cpu += ms(f.tdur);
    perFrame.set(lo, g);
  }
  const frames = [...perFrame.values()];
  const stats = (xs: number[]) => ({ p50: round(percentile(xs, 50)), p95: round(percentile(xs, 95)), max: round(Math.max(...xs)) });
  return {
    note: 'Chrome trace of the flight (toplevel, devtools.timeline), page main thread: wall = dur, cpu = tdur (CPU time the thread got). animationFrames groups the frame callbacks of one frame (the game\'s and the bench\'s tiny one).',
    tasks: tasks.length,
    busyWallFraction: round(wallMs / ms(last - first), 3),
    cpuMsPerSecond: round(cpuMs / (ms(last - first) / 1000), 1),
    over50ms: tasks.filter((t) => ms(t.dur) > longMs).map((t) => ({ wallMs: Math.round(ms(t.dur)), cpuMs: Math.round(ms(t.tdur)) })),
    /** What ran in each of those tasks: entry points, trace events and (with --profile) functions by self time. */
    longTasks: nameLongTasks(tasks, allBy.get(key) ?? [], longMs, profile),
    animationFrames:
      frames.length === 0
        ? null
        : { frames: frames.length, wallMs: stats(frames.map((f) => f.wall)), cpuMs: stats(frames.map((f) => f.cpu)) },
  };
}
