/**
 * Driving a ColumnStreamer as the stream loader does (take, reply, cancels and the keep
 * rule), and the brute-force expectations its tests compare against.
 */
import { expect } from 'vitest';
import { ColumnStreamer, type BookRequest, type ColumnCoord, type ViewCone } from '../../src/stream';

export type Request = BookRequest<ColumnCoord>;

export const key = (c: ColumnCoord): string => `${c.cx},${c.cz}`;
export const keys = (cs: readonly ColumnCoord[]): Set<string> => new Set(cs.map(key));

/** Camera at the centre of column (cx, cz), looking along (dirX, dirZ). */
export function view(cx: number, cz: number, dirX = 0, dirZ = 0, cosHalfAngle = 0.5): ViewCone {
  return { x: cx + 0.5, z: cz + 0.5, dirX, dirZ, cosHalfAngle };
}

/** Every column whose centre is within `radius` columns of (cx, cz)'s centre. */
export function disc(cx: number, cz: number, radius: number): Set<string> {
  const out = new Set<string>();
  const r = Math.ceil(radius) + 1;
  for (let z = cz - r; z <= cz + r; z++) {
    for (let x = cx - r; x <= cx + r; x++) {
      if ((x - cx) ** 2 + (z - cz) ** 2 <= radius * radius) out.add(`${x},${z}`);
    }
  }
  return out;
}

export const ALL = 100_000;

/** Up to n requests, best first, marked in flight (what the loader submits). */
export function take(s: ColumnStreamer, n = ALL): Request[] {
  return s.book.take(n, s.wanted());
}

/** The columns of some requests. */
export const at = (requests: readonly { at: ColumnCoord }[]): ColumnCoord[] => requests.map((r) => r.at);

/** A reply to `r` arrived: true if it is shown. */
export function complete(s: ColumnStreamer, r: Request): boolean {
  return s.book.arrived(r, s.wanted());
}

/** What the loader does after the camera moved: cancels, then the keep rule's unloads. */
export function update(s: ColumnStreamer): { unload: ColumnCoord[]; cancel: ColumnCoord[] } {
  const cancel = at(s.book.takeCancels(s.wanted()));
  return { unload: at(s.screenChanges().drop), cancel };
}

/** The request in flight for one column among `requests`. */
export function requestFor(requests: readonly Request[], cx: number, cz: number): Request {
  const r = requests.find((x) => x.at.cx === cx && x.at.cz === cz);
  if (!r) throw new Error(`no request for ${cx},${cz}`);
  return r;
}

/** Requests everything wanted and completes it, as if every worker answered at once. */
export function loadAll(s: ColumnStreamer): ColumnCoord[] {
  const taken = take(s);
  expect(taken.length).toBeGreaterThan(0);
  for (const r of taken) expect(complete(s, r)).toBe(true);
  return at(taken);
}

export function streamerAt(cx: number, cz: number, renderDistance: number): ColumnStreamer {
  const s = new ColumnStreamer({ renderDistance });
  s.setView(view(cx, cz));
  return s;
}
