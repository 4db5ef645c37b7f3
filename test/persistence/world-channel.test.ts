/**
 * Tabs talking over BroadcastChannel (Node has it too): edits and "worlds changed" reach the
 * other tabs, never the sender; anything malformed is dropped; a disposed channel is silent.
 * Every wait is for a message to arrive: messages from one sender arrive in order, so once a
 * later one has arrived the earlier ones have been handled.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WorldChannel, type WorldChannelHooks } from '../../src/persistence/world-channel';
import type { BlockEdit } from '../../src/world';

let nameCount = 0;
const open: { close(): void }[] = [];

/** A channel name of its own per test, so tests never hear each other. */
function channelName(): string {
  return `world-channel-test-${++nameCount}`;
}

/** A WorldChannel recording what it hears, with a way to wait for the n-th event. */
function listener(name: string) {
  const events: string[] = [];
  const edits: { world: string; edits: BlockEdit[] }[] = [];
  const waiting: { done: () => boolean; resolve: () => void }[] = [];
  const record = (event: string) => {
    events.push(event);
    for (const w of waiting.filter((w) => w.done())) w.resolve();
  };
  const until = (done: () => boolean) => new Promise<void>((resolve) => (done() ? resolve() : waiting.push({ done, resolve })));
  const hooks: WorldChannelHooks = {
    edits: (world, list) => {
      edits.push({ world, edits: list });
      record(`edits ${world}`);
    },
    worldsChanged: () => record('worlds'),
  };
  const channel = new WorldChannel(name, hooks);
  open.push({ close: () => channel.dispose() });
  return {
    channel,
    events,
    edits,
    /** Resolves once `count` events in all have been heard. */
    heard: (count: number) => until(() => events.length >= count),
    /** Resolves once `event` has been heard. */
    heardEvent: (event: string) => until(() => events.includes(event)),
  };
}

/** A raw BroadcastChannel, to send what a broken or foreign tab might. */
function raw(name: string): BroadcastChannel {
  const channel = new BroadcastChannel(name);
  open.push(channel);
  return channel;
}

afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

describe('WorldChannel', () => {
  it("delivers one tab's edits and world changes to the other, and not to itself", async () => {
    const name = channelName();
    const a = listener(name);
    const b = listener(name);
    const edits = [
      { x: -17, y: 64, z: 3, block: 2, state: 9 },
      { x: 100, y: 0, z: -100, block: 0 },
    ];
    a.channel.announceEdits('world-1', edits);
    a.channel.announceWorldsChanged();
    await b.heard(2);
    expect(b.events).toEqual(['edits world-1', 'worlds']);
    expect(b.edits).toEqual([{ world: 'world-1', edits }]);

    // b answers; by the time a hears it, a would have heard its own messages.
    b.channel.announceWorldsChanged();
    await a.heard(1);
    expect(a.events).toEqual(['worlds']);
    expect(a.channel.tabId).not.toBe(b.channel.tabId);
  });

  it('ignores a message carrying its own tab id', async () => {
    const name = channelName();
    const a = listener(name);
    const other = raw(name);
    other.postMessage({ v: 2, tab: a.channel.tabId, type: 'worlds-changed' });
    other.postMessage({ v: 2, tab: a.channel.tabId, type: 'edits', world: 'w', edits: [1, 2, 3, 4, 0] });
    other.postMessage({ v: 2, tab: 'someone-else', type: 'edits', world: 'sentinel', edits: [1, 2, 3, 4, 0] });
    await a.heardEvent('edits sentinel');
    expect(a.events).toEqual(['edits sentinel']);
  });

  it('ignores malformed messages; an empty list of edits reaches no one', async () => {
    const name = channelName();
    const a = listener(name);
    const b = listener(name);
    const other = raw(name);
    const valid = { v: 2, tab: 'x', type: 'edits', world: 'w', edits: [1, 2, 3, 4, 0] };
    for (const bad of [
      null,
      'worlds-changed',
      42,
      [],
      {},
      { ...valid, v: 3 }, // a protocol this build does not know
      { ...valid, tab: 7 },
      { ...valid, type: 'delete-everything' },
      { ...valid, world: '' },
      { ...valid, world: 5 },
      { ...valid, edits: [1, 2, 3, 4] }, // not whole edits (of five numbers)
      { ...valid, edits: [1, 256, 3, 4, 0] }, // above the world
      { ...valid, edits: [1, 2, 3, 99, 0] }, // unknown block
      { ...valid, edits: [1, 2, 3, 4, 256] }, // a state that is not a byte
      { ...valid, edits: [1, 2, 3, 4, -1] },
      { ...valid, edits: [1, 2, 3, 4, 0.5] },
      { ...valid, edits: [1, 2, 3, 4, '1'] },
      { ...valid, edits: [1, 2, 3, 4, null] },
      { ...valid, edits: [1, 2, 3, 4, 0, 5, 6, 7, 8, 300] }, // one bad edit spoils the message
      { ...valid, v: 1, edits: [1, 2, 3, 4, 0] }, // version 1: four numbers an edit
      { ...valid, edits: [1.5, 2, 3, 4, 0] },
      { ...valid, edits: ['1', 2, 3, 4, 0] },
      { ...valid, edits: [] },
      { ...valid, edits: { length: 5 } },
    ]) {
      other.postMessage(bad);
    }
    b.channel.announceEdits('w', []);
    other.postMessage({ ...valid, world: 'sentinel', edits: [5, 6, 7, 8, 0, 9, 10, 11, 1, 200] });
    await a.heardEvent('edits sentinel');
    expect(a.edits).toEqual([
      {
        world: 'sentinel',
        edits: [
          { x: 5, y: 6, z: 7, block: 8 },
          { x: 9, y: 10, z: 11, block: 1, state: 200 },
        ],
      },
    ]);
    expect(a.events).toHaveLength(1);
  });

  it('reads the edits of a tab of the build before block states (protocol 1, four numbers an edit) with state 0', async () => {
    const name = channelName();
    const a = listener(name);
    const other = raw(name);
    other.postMessage({ v: 1, tab: 'old-tab', type: 'edits', world: 'w', edits: [1, 2, 3, 4, 5, 6, 7, 8] });
    other.postMessage({ v: 1, tab: 'old-tab', type: 'worlds-changed' });
    await a.heard(2);
    expect(a.edits).toEqual([
      {
        world: 'w',
        edits: [
          { x: 1, y: 2, z: 3, block: 4 },
          { x: 5, y: 6, z: 7, block: 8 },
        ],
      },
    ]);
    expect(a.events).toEqual(['edits w', 'worlds']);
  });

  it('stops delivering once disposed, and dispose is safe twice', async () => {
    const name = channelName();
    const a = listener(name);
    const b = listener(name);
    const c = listener(name);
    b.channel.dispose();
    b.channel.dispose();
    a.channel.announceWorldsChanged();
    await c.heard(1);
    // One more round through a: by now b would have heard the first message.
    c.channel.announceWorldsChanged();
    await a.heard(1);
    a.channel.announceWorldsChanged();
    await c.heard(2);
    expect(b.events).toEqual([]);
    // Sending on a disposed channel is a quiet no-op, not an exception.
    expect(() => b.channel.announceEdits('w', [{ x: 0, y: 1, z: 0, block: 2 }])).not.toThrow();
    expect(() => b.channel.announceWorldsChanged()).not.toThrow();
  });
});
