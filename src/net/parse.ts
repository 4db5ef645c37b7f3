/**
 * Validators for what arrives off the wire: each turns unknown input into a typed message or
 * a reason string for the player. Everything is checked (finite whole numbers, ranges, text
 * lengths), since a message is whatever a modified client chose to send.
 */
import { Block, isBlockState, MAX_COORDINATE, PLACEABLE_BLOCKS, WORLD_HEIGHT } from '../world';
import { BUILD_POLICIES, type ChatMessage, type EditMessage, type JoinOptions, type KickMessage, type MoveMessage, type NetLimits, type PolicyMessage } from './protocol';

/** A typed message, or why the input is not one. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = <T>(reason: string): Parsed<T> => ({ ok: false, reason });

/** Blocks an edit may set: the inventory's, and air to break. Bedrock and the like are not in it. */
const EDITABLE = new Set<number>([Block.Air, ...PLACEABLE_BLOCKS]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The payload's size as JSON: close to its msgpack size on the wire, and enough to cap what a
 * handler is asked to look at. Undefined for what JSON cannot hold (a BigInt, a cycle).
 */
export function messageBytes(message: unknown): number | undefined {
  try {
    const json = JSON.stringify(message ?? null);
    return json === undefined ? undefined : new TextEncoder().encode(json).length;
  } catch {
    return undefined;
  }
}

/**
 * Plain text for names and chat: control characters (line breaks included) and the Unicode
 * direction overrides removed, whitespace runs made one space, trimmed and cut to `max`
 * characters (whole code points, so an emoji is not split).
 */
export function cleanText(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  // eslint-disable-next-line no-control-regex
  const plain = value.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, ' ').replace(/\s+/g, ' ').trim();
  return Array.from(plain).slice(0, max).join('').trim();
}

/**
 * The seq of something sent as an edit, or undefined when it has none: an edit with a seq can
 * be refused by number (the client reverts it), one without is malformed.
 */
export function editSeqOf(raw: unknown): number | undefined {
  return isRecord(raw) && isInt(raw.seq) && raw.seq >= 0 ? raw.seq : undefined;
}

export function parseEdit(raw: unknown): Parsed<EditMessage> {
  if (!isRecord(raw)) return bad('an edit must be an object');
  const { seq, x, y, z, block } = raw;
  const state = raw.state ?? 0;
  if (!isInt(seq) || seq < 0) return bad('edit seq must be a whole number ≥ 0');
  if (!isInt(x) || !isInt(y) || !isInt(z)) return bad('coordinates must be whole numbers');
  if (Math.abs(x) > MAX_COORDINATE || Math.abs(z) > MAX_COORDINATE) return bad('the edit is beyond the edge of the world');
  if (y < 0 || y >= WORLD_HEIGHT) return bad(`blocks go at y 0..${WORLD_HEIGHT - 1}`);
  if (!isInt(block) || !EDITABLE.has(block)) return bad('that block cannot be placed');
  if (!isBlockState(state)) return bad('block state must be a whole number 0..255');
  return ok({ seq, x, y, z, block, state });
}

export function parseMove(raw: unknown): Parsed<MoveMessage> {
  if (!isRecord(raw)) return bad('a move must be an object');
  const { x, y, z, yaw, pitch } = raw;
  if (![x, y, z, yaw, pitch].every(isFiniteNumber)) return bad('a move needs finite x, y, z, yaw and pitch');
  const [px, py, pz] = [x, y, z] as number[];
  // Far below the floor or above the sky is allowed (falling, flying); beyond the world is not.
  if (Math.abs(px!) > MAX_COORDINATE || Math.abs(pz!) > MAX_COORDINATE || Math.abs(py!) > 4 * WORLD_HEIGHT) return bad('the position is outside the world');
  return ok({ x: px!, y: py!, z: pz!, yaw: yaw as number, pitch: pitch as number });
}

export function parseChat(raw: unknown, limits: NetLimits): Parsed<ChatMessage> {
  if (!isRecord(raw) || typeof raw.text !== 'string') return bad('a chat message needs text');
  const text = cleanText(raw.text, limits.maxChatLength);
  return text ? ok({ text }) : bad('the chat message is empty');
}

function isKey(value: unknown, limits: NetLimits): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= limits.maxKeyLength && /^[A-Za-z0-9_-]+$/.test(value);
}

export function parsePolicy(raw: unknown, limits: NetLimits): Parsed<PolicyMessage> {
  if (!isRecord(raw)) return bad('a policy must be an object');
  const { policy, builders } = raw;
  if (!BUILD_POLICIES.includes(policy as never)) return bad(`policy must be one of ${BUILD_POLICIES.join(', ')}`);
  if (!Array.isArray(builders) || builders.length > limits.maxBuilders || !builders.every((b) => isKey(b, limits))) {
    return bad(`builders must be at most ${limits.maxBuilders} player ids`);
  }
  return ok({ policy: policy as PolicyMessage['policy'], builders: [...new Set(builders as string[])] });
}

export function parseKick(raw: unknown, limits: NetLimits): Parsed<KickMessage> {
  if (!isRecord(raw) || !isKey(raw.playerId, limits)) return bad('kick needs a player id');
  return ok({ playerId: raw.playerId });
}

/** Join options: ids must be URL-safe keys, the name is cleaned (an empty one becomes "Player"). */
export function parseJoinOptions(raw: unknown, limits: NetLimits): Parsed<JoinOptions> {
  if (!isRecord(raw)) return bad('join options must be an object');
  const { worldId, playerKey, ownerKey } = raw;
  if (!isKey(worldId, limits)) return bad('worldId must be a URL-safe id');
  if (!isKey(playerKey, limits)) return bad('playerKey must be a URL-safe id');
  if (ownerKey !== undefined && !isKey(ownerKey, limits)) return bad('ownerKey must be a URL-safe id');
  const name = cleanText(raw.name, limits.maxNameLength) || 'Player';
  return ok(ownerKey === undefined ? { worldId, playerKey, name } : { worldId, playerKey, name, ownerKey });
}
