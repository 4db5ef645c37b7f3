/** Summaries of a CDP CPU profile (`--profile`). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { round } from './stats';

export interface CdpProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface CdpProfile {
  nodes: CdpProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Self and total milliseconds per function in a CDP CPU profile (top entries of each), and the
 * game's frame callback split by what it called: the callees of the outermost function named
 * `frame` (Game's loop), with ColumnLoader's own `frame` opened one level further.
 */
export function summariseProfile(profile: CdpProfile, seconds: number, top = 25): object {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: CdpProfileNode): string => {
    const file = n.callFrame.url.split('/').pop() ?? '';
    return `${n.callFrame.functionName || '(anonymous)'}${file ? ` ${file}:${n.callFrame.lineNumber + 1}` : ''}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const frame = new Map<string, number>();
  let frameMs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const leafNode = byId.get(profile.samples[i]!);
    if (!leafNode) continue;
    const stack: CdpProfileNode[] = [];
    for (let node: CdpProfileNode | undefined = leafNode; node; ) {
      stack.push(node);
      const up = parent.get(node.id);
      node = up === undefined ? undefined : byId.get(up);
    }
    const leaf = label(leafNode);
    self.set(leaf, (self.get(leaf) ?? 0) + ms);
    const seen = new Set<string>();
    for (const node of stack) {
      const key = label(node);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + ms);
    }
    // stack[0] is the leaf; the outermost `frame` is the last one found walking up.
    let outer = -1;
    for (let k = 0; k < stack.length; k++) if (stack[k]!.callFrame.functionName === 'frame') outer = k;
    if (outer !== -1) {
      const child = stack[outer - 1];
      let part = child ? child.callFrame.functionName || '(anonymous)' : '(self)';
      if (part === 'frame') {
        const grandchild = stack[outer - 2];
        part = `loader.frame > ${grandchild ? grandchild.callFrame.functionName || '(anonymous)' : '(self)'}`;
      }
      frame.set(part, (frame.get(part) ?? 0) + ms);
      frameMs += ms;
    }
  }
  const list = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([fn, ms]) => ({ fn, ms: Math.round(ms), msPerSecond: round(ms / seconds, 1) }));
  return {
    seconds: round(seconds, 1),
    frameCallback: { ms: Math.round(frameMs), parts: list(frame).map((p) => ({ ...p, share: round(p.ms / Math.max(1, frameMs), 3) })) },
    self: list(self),
    total: list(total),
  };
}

interface NodeProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Self milliseconds of the `top` most expensive functions of a Node .cpuprofile. */
export function topSelf(file: string, top = 25): { fn: string; ms: number; pct: number }[] {
  const p = JSON.parse(readFileSync(file, 'utf8')) as { nodes: NodeProfileNode[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  p.samples.forEach((id, i) => {
    const n = byId.get(id)!;
    const key = `${n.callFrame.functionName || '(anonymous)'} ${path.basename(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
    const dt = p.timeDeltas[i]! / 1000;
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, top)
    .map(([fn, ms]) => ({ fn, ms: Math.round(ms), pct: Math.round((1000 * ms) / total) / 10 }));
}
