/**
 * The player's own settings (field of view, look sensitivity, invert Y, view bobbing, keys):
 * kept per browser, apart from any world, as one JSON record in a storage like localStorage.
 *
 * Stored data is untrusted (another version of the game, a hand edit, a broken write): every
 * value is checked on its own when read, and one that fails falls back to its default with a
 * warning saying which value and why, while the others are kept. Nothing here throws, since
 * localStorage itself throws where the browser forbids it (disabled storage, some private modes).
 * Pure but for the storage it is handed.
 */
import { bindingConflict, DEFAULT_KEY_BINDINGS, isKnownKey, keyLabel, keysLabel, MOVE_ACTIONS, reservedKeyReason, type KeyBindings, type MoveAction } from './key-bindings';

export interface PlayerSettings {
  /** Vertical field of view in degrees (three's PerspectiveCamera.fov). */
  fov: number;
  /** Multiplier of the base mouse look speed (DEFAULT_PLAYER_CONTROL_OPTIONS.lookSensitivity rad/px). */
  mouseSensitivity: number;
  /** The same for dragging on a touch screen. */
  touchSensitivity: number;
  /** Moving the mouse (or a finger) down looks up. */
  invertY: boolean;
  /** The camera bobs gently while walking on the ground. */
  viewBobbing: boolean;
  keyBindings: KeyBindings;
}

export type NumericPlayerSetting = 'fov' | 'mouseSensitivity' | 'touchSensitivity';
export type BooleanPlayerSetting = 'invertY' | 'viewBobbing';

/** Where each number may be, and the step a slider moves it by. */
export const PLAYER_SETTING_RANGES: Readonly<Record<NumericPlayerSetting, { min: number; max: number; step: number }>> = Object.freeze({
  fov: { min: 60, max: 110, step: 1 },
  mouseSensitivity: { min: 0.1, max: 3, step: 0.05 },
  touchSensitivity: { min: 0.1, max: 3, step: 0.05 },
});

/**
 * What a new player gets. The field of view is 70, which the camera had before it was a
 * setting (and Minecraft's default), so nobody's view changes; sensitivities of 1 keep the
 * look speed as it was (0.002 rad per pixel for the mouse).
 */
export const DEFAULT_PLAYER_SETTINGS: Readonly<PlayerSettings> = Object.freeze({
  fov: 70,
  mouseSensitivity: 1,
  touchSensitivity: 1,
  invertY: false,
  viewBobbing: true,
  keyBindings: DEFAULT_KEY_BINDINGS,
});

/** The localStorage key of the record, and the version of its layout. */
export const PLAYER_SETTINGS_STORAGE_KEY = 'voxel-sandbox.player-settings';
export const PLAYER_SETTINGS_VERSION = 1;

/** The part of the Storage interface used here, so tests hand in a plain object. */
export interface SettingsStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface PlayerSettingsReading {
  settings: PlayerSettings;
  /** One sentence per value that was not used, for the console and the player. */
  warnings: string[];
}

const NUMERIC: readonly NumericPlayerSetting[] = ['fov', 'mouseSensitivity', 'touchSensitivity'];
const BOOLEAN: readonly BooleanPlayerSetting[] = ['invertY', 'viewBobbing'];

/** A stored value as the player would read it in a message: strings quoted, the rest as JSON shows them. */
function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number') return String(value);
  try {
    const text = JSON.stringify(value);
    return text.length > 60 ? `${text.slice(0, 60)}…` : text;
  } catch {
    return String(value);
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Why `value` cannot be setting `key`, or null when it can. */
export function numericSettingProblem(key: NumericPlayerSetting, value: unknown): string | null {
  const r = PLAYER_SETTING_RANGES[key];
  if (typeof value !== 'number') return 'not a number';
  if (!Number.isFinite(value)) return 'not a finite number';
  if (value < r.min || value > r.max) return `outside ${r.min}–${r.max}`;
  return null;
}

/** Why `codes` cannot be one action's keys, or null when it can (conflicts between actions are checked apart). */
function keyListProblem(codes: unknown): string | null {
  if (!Array.isArray(codes)) return 'not a list of keys';
  if (codes.length === 0) return 'an empty list';
  for (const code of codes) {
    if (typeof code !== 'string') return `not a list of keys (${shown(code)})`;
    if (!isKnownKey(code)) return `${shown(code)}, which is not a key the game knows`;
    const reserved = reservedKeyReason(code);
    if (reserved) return `${keyLabel(code)}, which is reserved (${reserved})`;
  }
  if (new Set(codes).size !== codes.length) return 'a list naming a key twice';
  return null;
}

/** The stored bindings, each action checked on its own, then conflicts between actions resolved. */
function readKeyBindings(stored: unknown, warnings: string[]): KeyBindings {
  const defaults = DEFAULT_PLAYER_SETTINGS.keyBindings;
  if (stored === undefined) return defaults;
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
    warnings.push(`Stored setting "keyBindings" was ${shown(stored)}, not a table of keys; using the default keys.`);
    return defaults;
  }
  const table = stored as Record<string, unknown>;
  const chosen = {} as Record<MoveAction, readonly string[]>;
  for (const action of MOVE_ACTIONS) {
    const codes = table[action];
    const problem = codes === undefined ? null : keyListProblem(codes);
    if (problem) warnings.push(`Stored key binding "${action}" was ${problem}; using ${keysLabel(defaults[action])}.`);
    chosen[action] = codes === undefined || problem ? defaults[action] : [...(codes as string[])];
  }
  // A key that moves two ways: an action whose stored keys collide goes back to its defaults
  // (the later one in MOVE_ACTIONS order when both were stored). Defaults never collide with
  // each other, so each round resets a stored list, and seven rounds settle every case.
  for (let round = 0; round <= MOVE_ACTIONS.length; round++) {
    const conflict = bindingConflict(chosen);
    if (!conflict) return Object.freeze(chosen);
    const [first, second] = conflict.actions;
    const loser = chosen[second] === defaults[second] ? first : second;
    const keeper = loser === first ? second : first;
    warnings.push(`Stored key binding "${loser}" used ${keyLabel(conflict.code)}, which "${keeper}" uses too; using the default keys for "${loser}".`);
    chosen[loser] = defaults[loser];
  }
  return defaults;
}

/**
 * The stored settings, every value checked: a missing value takes its default quietly (a
 * setting added since it was saved), a bad one with a warning. Never throws.
 */
export function readPlayerSettings(storage: SettingsStorage | null): PlayerSettingsReading {
  const defaults = (): PlayerSettings => ({ ...DEFAULT_PLAYER_SETTINGS });
  if (storage === null) return { settings: defaults(), warnings: ['This browser does not let the game keep settings (storage is turned off): the defaults apply, and changes last until the page is closed.'] };
  let text: string | null;
  try {
    text = storage.getItem(PLAYER_SETTINGS_STORAGE_KEY);
  } catch (err) {
    return { settings: defaults(), warnings: [`Settings could not be read from this browser's storage (${messageOf(err)}); using the defaults.`] };
  }
  if (text === null) return { settings: defaults(), warnings: [] };
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return { settings: defaults(), warnings: [`Stored settings were not readable (not JSON: ${shown(text)}); using the defaults.`] };
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
    return { settings: defaults(), warnings: [`Stored settings were ${shown(stored)}, not a record of settings; using the defaults.`] };
  }
  const record = stored as Record<string, unknown>;
  const warnings: string[] = [];
  if (record.version !== PLAYER_SETTINGS_VERSION) {
    // Only one layout exists so far; a newer one would add values, which are skipped, and
    // every value read is checked anyway.
    warnings.push(`Stored settings have version ${shown(record.version)}, not ${PLAYER_SETTINGS_VERSION}; each value is checked and the ones this game knows are kept.`);
  }
  const settings = defaults();
  for (const key of NUMERIC) {
    const value = record[key];
    if (value === undefined) continue;
    const problem = numericSettingProblem(key, value);
    if (problem) warnings.push(`Stored setting "${key}" was ${shown(value)}, ${problem}; using ${DEFAULT_PLAYER_SETTINGS[key]}.`);
    else settings[key] = value as number;
  }
  for (const key of BOOLEAN) {
    const value = record[key];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') warnings.push(`Stored setting "${key}" was ${shown(value)}, not true or false; using ${DEFAULT_PLAYER_SETTINGS[key]}.`);
    else settings[key] = value;
  }
  settings.keyBindings = readKeyBindings(record.keyBindings, warnings);
  return { settings, warnings };
}

/** The record as stored: the version first, then every setting. */
export function serializePlayerSettings(settings: PlayerSettings): string {
  const { fov, mouseSensitivity, touchSensitivity, invertY, viewBobbing, keyBindings } = settings;
  return JSON.stringify({ version: PLAYER_SETTINGS_VERSION, fov, mouseSensitivity, touchSensitivity, invertY, viewBobbing, keyBindings });
}

/** Stores the settings; null when they were stored, else why not (storage off, full, forbidden). Never throws. */
export function writePlayerSettings(storage: SettingsStorage | null, settings: PlayerSettings): string | null {
  if (storage === null) return 'this browser does not let the game keep settings (storage is turned off)';
  try {
    storage.setItem(PLAYER_SETTINGS_STORAGE_KEY, serializePlayerSettings(settings));
    return null;
  } catch (err) {
    return `this browser's storage refused them (${messageOf(err)})`;
  }
}
