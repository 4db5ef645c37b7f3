/**
 * RequestBook: the bookkeeping both streaming uses share, tested on plain string keys.
 * Each rule by hand, then a seeded random run of every operation against a simple model
 * of what must hold whatever the order (cancel once, nothing cancelled is ever shown,
 * one request per key in flight, every request ends exactly one way).
 */
import { describe, expect, it } from 'vitest';
import { RequestBook, WantedList, type BookRequest, type WantedSet } from '../../src/stream';
import { mulberry32 } from '../support/random';

type Request = BookRequest<number>;

/** Keys "k0", "k1", … with their index as the coordinate, in this order. */
function wantedOf(...indices: number[]): WantedSet<number> {
  return new WantedList(indices.map((i) => ({ key: `k${i}`, at: i })));
}

const keysOf = (requests: readonly Request[]): string[] => requests.map((r) => r.key);
const ALL = 1_000;

describe('RequestBook: what is asked for', () => {
  it('hands out wanted keys in order, a few at a time, each once, marked in flight', () => {
    const book = new RequestBook<number>();
    const wanted = wantedOf(3, 1, 4, 5, 9);
    expect(keysOf(book.take(2, wanted))).toEqual(['k3', 'k1']);
    expect(keysOf(book.take(2, wanted))).toEqual(['k4', 'k5']);
    expect(keysOf(book.take(ALL, wanted))).toEqual(['k9']);
    expect(book.take(ALL, wanted)).toEqual([]);
    expect(book.pendingCount).toBe(5);
    for (const limit of [0, -1, Number.NaN]) expect(book.take(limit, wantedOf(7))).toEqual([]);
  });

  it('each request carries its key, coordinate, generation, revision and a ticket of its own', () => {
    const book = new RequestBook<number>();
    const [a, b] = book.take(ALL, wantedOf(2, 8)) as [Request, Request];
    expect(a).toMatchObject({ key: 'k2', at: 2, generation: 0, revision: 0 });
    expect(b).toMatchObject({ key: 'k8', at: 8, generation: 0, revision: 0 });
    expect(a.ticket).not.toBe(b.ticket);
  });

  it('a key with a current result is not asked again; a new generation asks for every key again', () => {
    const book = new RequestBook<number>();
    const wanted = wantedOf(0, 1);
    for (const r of book.take(ALL, wanted)) expect(book.arrived(r, wanted)).toBe(true);
    expect(book.take(ALL, wanted)).toEqual([]);
    expect(book.newGeneration()).toBe(1);
    expect(book.generation).toBe(1);
    const again = book.take(ALL, wanted);
    expect(keysOf(again)).toEqual(['k0', 'k1']);
    expect(again.every((r) => r.generation === 1)).toBe(true);
  });

  it('edited keys come first, in edit order, while wanted; an edit of an unwanted key asks for nothing', () => {
    const book = new RequestBook<number>();
    const wanted = wantedOf(0, 1, 2, 3);
    for (const r of book.take(ALL, wanted)) book.arrived(r, wanted);
    book.edit('k3');
    book.edit('k99');
    book.edit('k1');
    expect(book.revisionOf('k3')).toBe(1);
    expect(book.revisionOf('k99')).toBe(1);
    expect(book.revisionOf('k0')).toBe(0);
    const again = book.take(1, wanted);
    expect(keysOf(again)).toEqual(['k3']);
    expect(again[0]!.revision).toBe(1);
    expect(keysOf(book.take(ALL, wanted))).toEqual(['k1']);
    // The unwanted key's urgency was spent: wanted later, it waits its turn.
    expect(keysOf(book.take(ALL, wantedOf(5, 99)))).toEqual(['k5', 'k99']);
  });

  it('takeEdited hands out every edited key still wanted at once, in edit order, and nothing else', () => {
    const book = new RequestBook<number>();
    const wanted = wantedOf(0, 1, 2, 3, 4, 5);
    for (const r of book.take(ALL, wanted)) book.arrived(r, wanted);
    for (const key of ['k4', 'k99', 'k0', 'k2', 'k5']) book.edit(key);
    const edited = book.takeEdited(wanted);
    expect(keysOf(edited)).toEqual(['k4', 'k0', 'k2', 'k5']);
    expect(edited.every((r) => r.revision === 1)).toBe(true);
    // Spent: neither takeEdited nor take asks for them again while they are in flight.
    expect(book.takeEdited(wanted)).toEqual([]);
    expect(book.take(ALL, wanted)).toEqual([]);
  });

  it('a new generation forgets revisions and urgency', () => {
    const book = new RequestBook<number>();
    book.edit('k4');
    book.newGeneration();
    expect(book.revisionOf('k4')).toBe(0);
    expect(keysOf(book.take(ALL, wantedOf(1, 4)))).toEqual(['k1', 'k4']);
  });
});

describe('RequestBook: replies', () => {
  it('accepts only the request in flight for its key, current and wanted; anything else is stale', () => {
    const book = new RequestBook<number>();
    const wanted = wantedOf(0, 1, 2);
    const [a, b, c] = book.take(ALL, wanted) as [Request, Request, Request];
    expect(book.arrived({ ...a, key: 'k7', at: 7 }, wanted)).toBe(false); // never asked
    expect(book.arrived({ ...a, ticket: c.ticket }, wanted)).toBe(false); // another request's ticket
    expect(book.arrived({ ...a, generation: 1 }, wanted)).toBe(false); // claims another world
    expect(book.arrived({ ...a, revision: 1 }, wanted)).toBe(false); // claims another revision
    expect(book.isPending('k0')).toBe(true); // none of those touched the real one
    expect(book.arrived(a, wanted)).toBe(true);
    expect(book.arrived(a, wanted)).toBe(false); // answered already
    expect(book.arrived(b, wantedOf(0, 2))).toBe(false); // no longer wanted
    expect(book.isPending('k1')).toBe(false);
    book.newGeneration();
    expect(book.arrived(c, wanted)).toBe(false); // a world ago, even before the cancels
    expect(book.storedCount).toBe(1);
    expect(book.isCurrent('k0')).toBe(false); // stored, but from the old world
    expect(book.isStored('k0')).toBe(true);
  });

  it('an edit makes the reply in flight stale, and the newer request is the one accepted', () => {
    const book = new RequestBook<number>();
    const wanted = wantedOf(0);
    const [old] = book.take(ALL, wanted) as [Request];
    book.edit('k0');
    expect(book.arrived(old, wanted)).toBe(false);
    const [newer] = book.take(ALL, wanted) as [Request];
    expect(newer.revision).toBe(1);
    expect(book.arrived(newer, wanted)).toBe(true);
    expect(book.isCurrent('k0')).toBe(true);
  });

  it('a reply to a cancelled request is refused even when the key is asked again for the same world and revision', () => {
    const book = new RequestBook<number>();
    const [first] = book.take(ALL, wantedOf(0)) as [Request];
    expect(book.takeCancels(wantedOf())).toEqual([first]);
    const [second] = book.take(ALL, wantedOf(0)) as [Request];
    expect(second).toMatchObject({ generation: first.generation, revision: first.revision });
    expect(book.arrived(first, wantedOf(0))).toBe(false);
    expect(book.arrived(second, wantedOf(0))).toBe(true);
  });
});

describe('RequestBook: drawn or not', () => {
  it('draws a new key at once by default; a replacement keeps the drawn flag of what it replaces', () => {
    const book = new RequestBook<number>();
    const wanted = wantedOf(0, 1);
    for (const r of book.take(ALL, wanted)) book.arrived(r, wanted);
    expect(book.isDrawn('k0')).toBe(true);
    book.setDrawn('k1', false);
    book.newGeneration();
    for (const r of book.take(ALL, wanted)) expect(book.arrived(r, wanted)).toBe(true);
    expect(book.isDrawn('k0')).toBe(true);
    expect(book.isDrawn('k1')).toBe(false);
    expect(book.drawnCount).toBe(1);
  });

  it('with drawNew off a new key waits hidden for the keep rule; its replacement stays drawn once shown', () => {
    const book = new RequestBook<number>({ drawNew: false });
    const wanted = wantedOf(0);
    const [r] = book.take(ALL, wanted) as [Request];
    book.arrived(r, wanted);
    expect(book.isDrawn('k0')).toBe(false);
    book.setDrawn('k0', true);
    book.edit('k0');
    const [again] = book.take(ALL, wanted) as [Request];
    book.arrived(again, wanted);
    expect(book.isDrawn('k0')).toBe(true);
    expect(book.isCurrent('k0')).toBe(true);
  });

  it('setDrawn and drop touch only stored keys; a dropped key keeps its request in flight', () => {
    const book = new RequestBook<number>();
    const wanted = wantedOf(0, 1);
    const [a] = book.take(1, wanted) as [Request];
    book.arrived(a, wanted);
    book.setDrawn('k5', true);
    expect(book.isDrawn('k5')).toBe(false);
    book.edit('k0');
    book.take(ALL, wanted); // k0 revision 1 and k1 in flight
    book.drop('k0');
    expect(book.isStored('k0')).toBe(false);
    expect(book.isDrawn('k0')).toBe(false);
    expect(book.isPending('k0')).toBe(true);
    book.drop('k42'); // unknown: nothing happens
    expect(book.pendingCount).toBe(2);
  });

  it('forEachStored visits every stored result with what it was built for, and may drop as it goes', () => {
    const book = new RequestBook<number>();
    const wanted = wantedOf(0, 1, 2);
    for (const r of book.take(ALL, wanted)) book.arrived(r, wanted);
    book.newGeneration();
    const [r1] = book.take(1, wantedOf(1)) as [Request];
    book.arrived(r1, wantedOf(1));
    const seen: string[] = [];
    book.forEachStored(({ key, at, generation, revision, drawn }) => {
      seen.push(`${key}:${at}@${generation}.${revision}${drawn ? ' drawn' : ''}`);
      if (key === 'k0') book.drop(key);
    });
    expect(seen.sort()).toEqual(['k0:0@0.0 drawn', 'k1:1@1.0 drawn', 'k2:2@0.0 drawn']);
    expect(book.storedCount).toBe(2);
    expect(book.progress(wanted)).toEqual({ ready: 1, failed: 0, wanted: 3 });
  });
});

describe('RequestBook: failures', () => {
  it('a request that failed for good is not asked again in its world, counts as done, and an edit or a new world asks again', () => {
    const book = new RequestBook<number>();
    const wanted = wantedOf(0, 1);
    const [a, b] = book.take(ALL, wanted) as [Request, Request];
    expect(book.fail(a)).toBe(true);
    expect(book.isFailed('k0')).toBe(true);
    expect(book.isDone('k0')).toBe(true);
    expect(book.take(ALL, wanted)).toEqual([]);
    book.arrived(b, wanted);
    expect(book.progress(wanted)).toEqual({ ready: 1, failed: 1, wanted: 2 });
    book.edit('k0');
    expect(book.isFailed('k0')).toBe(false);
    const [again] = book.take(ALL, wanted) as [Request];
    expect(book.fail(again)).toBe(true);
    book.newGeneration();
    expect(book.isFailed('k0')).toBe(false);
    expect(keysOf(book.take(ALL, wanted))).toEqual(['k0', 'k1']);
  });

  it('the failure of a request an edit already replaced does not cancel the newer one, nor count', () => {
    const book = new RequestBook<number>();
    const wanted = wantedOf(0);
    const [old] = book.take(ALL, wanted) as [Request];
    book.edit('k0');
    const [newer] = book.take(ALL, wanted) as [Request];
    expect(book.fail(old)).toBe(false);
    expect(book.isFailed('k0')).toBe(false);
    expect(book.isPending('k0')).toBe(true);
    expect(book.arrived(newer, wanted)).toBe(true);
  });

  it('the failure of an older world\'s request still in flight (cancels not yet taken) is no failure of this world', () => {
    const book = new RequestBook<number>();
    const wanted = wantedOf(0);
    const [old] = book.take(ALL, wanted) as [Request];
    book.newGeneration();
    expect(book.fail(old)).toBe(false);
    expect(book.isFailed('k0')).toBe(false);
    expect(keysOf(book.take(ALL, wanted))).toEqual(['k0']);
  });

  it('the failure of a cancelled or unknown request changes nothing', () => {
    const book = new RequestBook<number>();
    const [r] = book.take(ALL, wantedOf(0)) as [Request];
    book.takeCancels(wantedOf());
    expect(book.fail(r)).toBe(false);
    expect(book.fail({ key: 'k9', at: 9, generation: 0, revision: 0, ticket: 77 })).toBe(false);
    expect(book.isFailed('k0')).toBe(false);
    expect(book.pendingCount).toBe(0);
  });
});

describe('RequestBook: cancels', () => {
  it('reports, once each, requests for keys no longer wanted, of an older world or revision, or replaced', () => {
    const book = new RequestBook<number>();
    const wanted = wantedOf(0, 1, 2, 3);
    const [r0, r1, r2, r3] = book.take(ALL, wanted) as [Request, Request, Request, Request];
    // k1 leaves; k2 is edited (its request is now of an older revision).
    book.edit('k2');
    const still = wantedOf(0, 2, 3);
    expect(book.takeCancels(still).sort((x, y) => x.ticket - y.ticket)).toEqual([r1, r2]);
    expect(book.takeCancels(still)).toEqual([]);
    // k3 edited and asked again before the cancels: the replaced request is reported once.
    book.edit('k3');
    const taken = book.take(ALL, still);
    expect(keysOf(taken).sort()).toEqual(['k2', 'k3']);
    expect(book.takeSuperseded()).toEqual([r3]);
    expect(book.takeSuperseded()).toEqual([]);
    expect(book.takeCancels(still)).toEqual([]);
    // A new world: everything in flight is of the old one.
    book.newGeneration();
    expect(keysOf(book.takeCancels(still)).sort()).toEqual(['k0', 'k2', 'k3']);
    expect(book.pendingCount).toBe(0);
    expect(book.arrived(r0, still)).toBe(false);
  });

  it('a replaced request is part of takeCancels too, still once', () => {
    const book = new RequestBook<number>();
    const wanted = wantedOf(0);
    const [old] = book.take(ALL, wanted) as [Request];
    book.edit('k0');
    book.take(ALL, wanted);
    expect(book.takeCancels(wanted)).toEqual([old]);
    expect(book.takeSuperseded()).toEqual([]);
  });

  it('forgets a key with nothing in flight and nothing stored', () => {
    const book = new RequestBook<number>();
    const [r] = book.take(ALL, wantedOf(0)) as [Request];
    book.takeCancels(wantedOf());
    expect(book.isPending('k0')).toBe(false);
    expect(book.isStored('k0')).toBe(false);
    expect(book.pendingCount + book.storedCount).toBe(0);
    expect(book.arrived(r, wantedOf(0))).toBe(false);
  });
});

describe('RequestBook: any order of events', () => {
  it('keeps its promises over a long seeded run of random requests, replies, failures, edits, moves and new worlds', () => {
    const random = mulberry32(20);
    const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(random() * xs.length)];
    const book = new RequestBook<number>({ drawNew: false });
    let wanted = wantedOf(0, 1, 2, 3, 4, 5);
    /** What the "pool" holds: every request handed out and not yet ended. */
    const inFlight = new Map<number, Request>();
    const cancelled = new Set<number>();
    const ended = new Map<number, string>();
    const end = (r: Request, how: string) => {
      expect(ended.has(r.ticket), `ticket ${r.ticket} ended twice (${ended.get(r.ticket)}, then ${how})`).toBe(false);
      ended.set(r.ticket, how);
      inFlight.delete(r.ticket);
    };
    for (let step = 0; step < 20_000; step++) {
      const roll = random();
      if (roll < 0.3) {
        for (const r of book.take(1 + Math.floor(random() * 3), wanted)) inFlight.set(r.ticket, r);
      } else if (roll < 0.55) {
        const r = pick([...inFlight.values()]);
        if (r) {
          const accepted = book.arrived(r, wanted);
          if (accepted) {
            expect(cancelled.has(r.ticket)).toBe(false);
            expect(book.isCurrent(r.key)).toBe(true);
          }
          end(r, accepted ? 'accepted' : 'refused');
        }
      } else if (roll < 0.6) {
        const r = pick([...inFlight.values()]);
        if (r) {
          book.fail(r);
          end(r, 'failed');
        }
      } else if (roll < 0.7) {
        for (const r of book.takeCancels(wanted)) {
          expect(cancelled.has(r.ticket), `ticket ${r.ticket} cancelled twice`).toBe(false);
          cancelled.add(r.ticket);
          if (inFlight.has(r.ticket)) end(r, 'cancelled');
        }
      } else if (roll < 0.78) {
        book.edit(`k${Math.floor(random() * 9)}`);
      } else if (roll < 0.86) {
        const from = Math.floor(random() * 4);
        wanted = wantedOf(from, from + 1, from + 2, from + 3, from + 4);
      } else if (roll < 0.88) {
        book.newGeneration();
      } else {
        book.forEachStored(({ key }) => {
          if (!wanted.has(key)) book.drop(key);
          else book.setDrawn(key, true);
        });
      }
      // The book has at most one request in flight per key, and only for keys with one out.
      expect(book.pendingCount).toBeLessThanOrEqual(new Set([...inFlight.values()].map((r) => r.key)).size);
    }
    // Settle: cancel what is no longer wanted, answer everything, and every wanted key is current.
    for (let round = 0; round < 10; round++) {
      for (const r of book.takeCancels(wanted)) {
        expect(cancelled.has(r.ticket)).toBe(false);
        cancelled.add(r.ticket);
        if (inFlight.has(r.ticket)) end(r, 'cancelled');
      }
      for (const r of book.take(ALL, wanted)) inFlight.set(r.ticket, r);
      for (const r of [...inFlight.values()]) end(r, book.arrived(r, wanted) ? 'accepted' : 'refused');
    }
    expect(book.pendingCount).toBe(0);
    for (const { key } of wanted.list) expect(book.isDone(key), key).toBe(true);
    expect([...ended.values()].filter((how) => how === 'accepted').length).toBeGreaterThan(100);
    expect(cancelled.size).toBeGreaterThan(50);
  });
});
