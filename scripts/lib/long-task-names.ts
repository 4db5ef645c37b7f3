/**
 * What runs inside each long task of a Chrome trace: a count of long tasks says a frame hitched,
 * only their contents say which code to slice. Each task is named by its entry points (the
 * trace events directly under it: an animation frame, a worker message, a timer) and by the
 * trace events, and with a CPU profile the JavaScript functions, that spent its time themselves.
 */
import type { CdpProfile, CdpProfileNode } from './cpu-profile';
import type { TraceEvent } from './trace';

export interface TaskPart {
  name: string;
  ms: number;
}

export interface NamedLongTask {
  /** Start, ms after the first traced task of the thread. */
  atMs: number;
  wallMs: number;
  cpuMs: number;
  /** The events directly inside the task, e.g. "FireAnimationFrame" or "EventDispatch message". */
  entries: TaskPart[];
  /** Trace events by self time (their own time minus the events nested in them). */
  selfEvents: TaskPart[];
  /** JavaScript functions by self time from the CPU profile's samples in the task; null without one. */
  selfFunctions: TaskPart[] | null;
}

interface EventData {
  data?: { functionName?: string; type?: string; url?: string };
}

/** A trace event's name, with what it ran where the trace says (a function, an event type). */
export function eventLabel(e: TraceEvent): string {
  const data = (e.args as EventData | undefined)?.data;
  const detail = data?.functionName || data?.type;
  return detail ? `${e.name} ${detail}` : e.name;
}

const top = (m: Map<string, number>, n: number): TaskPart[] =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, ms]) => ({ name, ms: Math.round(ms * 10) / 10 }));

/**
 * Self time per trace event inside a task: `events` are the thread's complete ('X') events, in
 * start order, nested by their time spans as Chrome nests them.
 */
function partsOf(task: TraceEvent, events: readonly TraceEvent[], n: number): { entries: TaskPart[]; selfEvents: TaskPart[] } {
  const end = task.ts + (task.dur ?? 0);
  const inside = events.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
  const entries = new Map<string, number>();
  const self = new Map<string, number>();
  // A stack of open events: each event's self time is its duration less its direct children's.
  const open: { e: TraceEvent; self: number }[] = [];
  const close = (upTo: number): void => {
    while (open.length > 0 && open[open.length - 1]!.e.ts + (open[open.length - 1]!.e.dur ?? 0) <= upTo) {
      const { e, self: s } = open.pop()!;
      self.set(eventLabel(e), (self.get(eventLabel(e)) ?? 0) + s / 1000);
    }
  };
  for (const e of inside) {
    close(e.ts);
    const dur = e.dur ?? 0;
    if (open.length === 0) entries.set(eventLabel(e), (entries.get(eventLabel(e)) ?? 0) + dur / 1000);
    else open[open.length - 1]!.self -= dur;
    open.push({ e, self: dur });
  }
  close(Number.POSITIVE_INFINITY);
  return { entries: top(entries, n), selfEvents: top(self, n) };
}

/** Self time per JavaScript function of the profile samples taken in [fromUs, toUs). */
function functionsIn(profile: CdpProfile & { startTime: number }, fromUs: number, toUs: number, n: number): TaskPart[] {
  const byId = new Map<number, CdpProfileNode>(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    if (t < fromUs || t >= toUs) continue;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(profile.samples[i]!);
    if (!node) continue;
    const file = node.callFrame.url.split('/').pop() ?? '';
    const name = `${node.callFrame.functionName || '(anonymous)'}${file ? ` ${file}:${node.callFrame.lineNumber + 1}` : ''}`;
    self.set(name, (self.get(name) ?? 0) + ms);
  }
  return top(self, n);
}

/**
 * Names every task over `longMs` on the main thread `threadEvents` (all its complete events),
 * `tasks` being its RunTask events in start order. The profile, when given, must come from the
 * same browser: its timestamps share the trace's clock.
 */
export function nameLongTasks(
  tasks: readonly TraceEvent[],
  threadEvents: readonly TraceEvent[],
  longMs: number,
  profile: (CdpProfile & { startTime: number }) | null = null,
  n = 6,
): NamedLongTask[] {
  const sorted = [...threadEvents].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const first = tasks[0]?.ts ?? 0;
  return tasks
    .filter((t) => (t.dur ?? 0) / 1000 > longMs)
    .map((task) => ({
      atMs: Math.round((task.ts - first) / 1000),
      wallMs: Math.round((task.dur ?? 0) / 1000),
      cpuMs: Math.round((task.tdur ?? 0) / 1000),
      ...partsOf(task, sorted, n),
      selfFunctions: profile ? functionsIn(profile, task.ts, task.ts + (task.dur ?? 0), n) : null,
    }));
}

/** One line per task for stderr: "412 ms in, 63 ms (cpu 58): FireAnimationFrame 60 | FunctionCall frame 31, ...". */
export function describeLongTask(t: NamedLongTask): string {
  const list = (parts: TaskPart[]) => parts.map((p) => `${p.name} ${p.ms}`).join(', ');
  const self = t.selfFunctions && t.selfFunctions.length > 0 ? t.selfFunctions : t.selfEvents;
  return `${t.atMs} ms in, ${t.wallMs} ms (cpu ${t.cpuMs}): ${list(t.entries)} | self: ${list(self)}`;
}
