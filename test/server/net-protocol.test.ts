/** The wire protocol's validators and rules (src/net), without a server. */
import { describe, expect, it } from 'vitest';
import { Block, BLOCK_COUNT, MAX_COORDINATE } from '../../src/world';
import {
  cleanText, colourIndexOf, DEFAULT_NET_LIMITS, editSeqOf, fullBucket, mayBuild, messageBytes, parseChat, parseEdit, parseJoinOptions, parseKick, parseMove,
  parsePolicy, takeToken, withinReach,
} from '../../src/net';

const L = DEFAULT_NET_LIMITS;

describe('net protocol', () => {
  it('takes a valid edit, state defaulting to 0, and breaking (air)', () => {
    expect(parseEdit({ seq: 3, x: -5, y: 0, z: 7, block: Block.Stone })).toEqual({ ok: true, value: { seq: 3, x: -5, y: 0, z: 7, block: Block.Stone, state: 0 } });
    expect(parseEdit({ seq: 0, x: 1, y: 255, z: 1, block: Block.Air, state: 4 }).ok).toBe(true);
  });

  it.each([
    [{ seq: 1, x: 0.5, y: 1, z: 0, block: 1 }, 'coordinates must be whole numbers'],
    [{ seq: 1, x: 0, y: 256, z: 0, block: 1 }, 'blocks go at y 0..255'],
    [{ seq: 1, x: 0, y: -1, z: 0, block: 1 }, 'blocks go at y 0..255'],
    [{ seq: 1, x: MAX_COORDINATE + 1, y: 1, z: 0, block: 1 }, 'the edit is beyond the edge of the world'],
    [{ seq: 1, x: 0, y: 1, z: 0, block: BLOCK_COUNT }, 'that block cannot be placed'],
    [{ seq: 1, x: 0, y: 1, z: 0, block: '1' }, 'that block cannot be placed'],
    [{ seq: 1, x: 0, y: 1, z: 0, block: 1, state: 256 }, 'block state must be a whole number 0..255'],
    [{ seq: -1, x: 0, y: 1, z: 0, block: 1 }, 'edit seq must be a whole number ≥ 0'],
    ['edit', 'an edit must be an object'],
  ])('refuses the edit %j: %s', (raw, reason) => {
    expect(parseEdit(raw)).toEqual({ ok: false, reason });
  });

  it('finds the seq of anything that has one, so it can be refused by number', () => {
    expect(editSeqOf({ seq: 4, x: 'no' })).toBe(4);
    expect([editSeqOf({ seq: 1.5 }), editSeqOf([1]), editSeqOf(null), editSeqOf({ seq: Number.NaN })]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('takes finite poses only', () => {
    expect(parseMove({ x: 1.5, y: 70, z: -3, yaw: 1, pitch: -0.5 })).toEqual({ ok: true, value: { x: 1.5, y: 70, z: -3, yaw: 1, pitch: -0.5 } });
    expect(parseMove({ x: Number.NaN, y: 70, z: 0, yaw: 0, pitch: 0 }).ok).toBe(false);
    expect(parseMove({ x: 0, y: 70, z: 0, yaw: 0 }).ok).toBe(false);
    expect(parseMove({ x: 2e8, y: 70, z: 0, yaw: 0, pitch: 0 }).ok).toBe(false);
  });

  it('makes names and chat plain text of limited length', () => {
    expect(cleanText('  a\u0000b\nc\u202e d  ', 24)).toBe('a b c d');
    expect(cleanText('x'.repeat(300), L.maxChatLength)).toHaveLength(200);
    expect(cleanText('😀'.repeat(30), 24)).toBe('😀'.repeat(24));
    expect(cleanText(42, 24)).toBe('');
    expect(parseChat({ text: ' \u0007 ' }, L).ok).toBe(false);
    expect(parseJoinOptions({ worldId: 'w1', playerKey: 'k_1', name: '\u0000' }, L)).toEqual({ ok: true, value: { worldId: 'w1', playerKey: 'k_1', name: 'Player' } });
    expect(parseJoinOptions({ worldId: 'w 1', playerKey: 'k', name: 'n' }, L).ok).toBe(false);
    expect(parseJoinOptions({ worldId: 'w', playerKey: 'k', name: 'n', ownerKey: 7 }, L).ok).toBe(false);
  });

  it('checks owner messages', () => {
    expect(parsePolicy({ policy: 'invited', builders: ['a', 'a', 'b'] }, L)).toEqual({ ok: true, value: { policy: 'invited', builders: ['a', 'b'] } });
    expect(parsePolicy({ policy: 'everyone', builders: [] }, L).ok).toBe(false);
    expect(parsePolicy({ policy: 'visitors', builders: Array(51).fill('a') }, L).ok).toBe(false);
    expect(parseKick({ playerId: 'abc' }, L).ok).toBe(true);
    expect(parseKick({ playerId: '' }, L).ok).toBe(false);
  });

  it('measures messages and refuses what JSON cannot hold', () => {
    expect(messageBytes({ text: 'é' })).toBe(JSON.stringify({ text: 'é' }).length + 1);
    expect(messageBytes({ n: 1n })).toBeUndefined();
  });

  it('rate-limits with a token bucket: a burst, then the rate', () => {
    const bucket = fullBucket(20, 0);
    const first = Array.from({ length: 25 }, () => takeToken(bucket, 0, 20, 20));
    expect(first.filter(Boolean)).toHaveLength(20);
    expect(takeToken(bucket, 49, 20, 20)).toBe(false);
    expect(takeToken(bucket, 50, 20, 20)).toBe(true);
    // A long pause refills to the burst, not beyond.
    expect(Array.from({ length: 30 }, () => takeToken(bucket, 60_000, 20, 20)).filter(Boolean)).toHaveLength(20);
    // A clock stepping back neither refills nor drains.
    expect(takeToken(bucket, 1_000, 20, 20)).toBe(false);
  });

  it('allows edits within reach (8 blocks + 2 of margin) of the last position', () => {
    const eye = { x: 0.5, y: 70, z: 0.5 };
    // Distances from the block's centre: 9 (and half a block up) is in, 10 is not.
    expect(withinReach(eye, { x: 9, y: 70, z: 0 }, L)).toBe(true);
    expect(withinReach(eye, { x: 10, y: 70, z: 0 }, L)).toBe(false);
    expect(withinReach(eye, { x: -9, y: 70, z: 0 }, L)).toBe(true);
    expect(withinReach(eye, { x: 8, y: 76, z: 0 }, L)).toBe(false);
  });

  it('lets visitors build only under the visitors policy', () => {
    expect(mayBuild('visitors', false, false)).toBe(true);
    expect(mayBuild('invited', false, false)).toBe(false);
    expect(mayBuild('invited', true, false)).toBe(true);
    expect(mayBuild('invited', false, true)).toBe(true);
  });

  it('gives every id a stable colour in range', () => {
    const colours = Array.from({ length: 200 }, (_, i) => colourIndexOf(`player-${i}`, 12));
    expect(colours.every((c) => c >= 0 && c < 12)).toBe(true);
    expect(new Set(colours).size).toBe(12);
    expect(colourIndexOf('abc', 12)).toBe(colourIndexOf('abc', 12));
  });
});
