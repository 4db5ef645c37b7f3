/**
 * Stored player settings are untrusted: every bad value falls back to its default with a
 * warning naming it and saying why, the good values next to it are kept, and neither reading
 * nor writing ever throws, whatever the storage does.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_KEY_BINDINGS } from '../../src/controls/key-bindings';
import {
  DEFAULT_PLAYER_SETTINGS,
  PLAYER_SETTINGS_STORAGE_KEY,
  PLAYER_SETTINGS_VERSION,
  readPlayerSettings,
  serializePlayerSettings,
  writePlayerSettings,
  type SettingsStorage,
} from '../../src/controls/player-settings';

/** A storage holding one text under the settings key (or nothing). */
function storageWith(text: string | null): SettingsStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  if (text !== null) items.set(PLAYER_SETTINGS_STORAGE_KEY, text);
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}

/** Reads a stored record: the version and `fields` as JSON. */
const readStored = (fields: Record<string, unknown>) => readPlayerSettings(storageWith(JSON.stringify({ version: PLAYER_SETTINGS_VERSION, ...fields })));

describe('readPlayerSettings', () => {
  it('nothing stored: the defaults, quietly (fov 70 as the camera always had, sensitivity 1)', () => {
    const { settings, warnings } = readPlayerSettings(storageWith(null));
    expect(settings).toEqual(DEFAULT_PLAYER_SETTINGS);
    expect(settings.fov).toBe(70);
    expect(settings.mouseSensitivity).toBe(1);
    expect(warnings).toEqual([]);
  });

  it('what writePlayerSettings stores reads back the same, with no warning', () => {
    const storage = storageWith(null);
    const mine = { fov: 95, mouseSensitivity: 0.45, touchSensitivity: 2.5, invertY: true, viewBobbing: false, keyBindings: { ...DEFAULT_KEY_BINDINGS, forward: ['ArrowUp'], sprint: ['KeyR'] } };
    expect(writePlayerSettings(storage, mine)).toBeNull();
    expect(JSON.parse(storage.items.get(PLAYER_SETTINGS_STORAGE_KEY)!).version).toBe(PLAYER_SETTINGS_VERSION);
    expect(readPlayerSettings(storage)).toEqual({ settings: mine, warnings: [] });
  });

  it('a missing value takes its default quietly (a setting newer than the record)', () => {
    const { settings, warnings } = readStored({ fov: 90 });
    expect(settings).toEqual({ ...DEFAULT_PLAYER_SETTINGS, fov: 90 });
    expect(warnings).toEqual([]);
  });

  it('text that is not JSON, or JSON that is no record: every default, and a warning', () => {
    for (const text of ['{fov: 90', 'banana', '', '42', 'null', '[1,2]', '"fov"']) {
      const { settings, warnings } = readPlayerSettings(storageWith(text));
      expect(settings, text).toEqual(DEFAULT_PLAYER_SETTINGS);
      expect(warnings, text).toHaveLength(1);
      expect(warnings[0], text).toMatch(/^Stored settings were .*using the defaults\.$/);
    }
  });

  it('an out-of-range fov: the message the player reads, and the other values kept', () => {
    const { settings, warnings } = readStored({ fov: 500, mouseSensitivity: 2, invertY: true });
    expect(warnings).toEqual(['Stored setting "fov" was 500, outside 60–110; using 70.']);
    expect(settings).toEqual({ ...DEFAULT_PLAYER_SETTINGS, mouseSensitivity: 2, invertY: true });
  });

  it.each([
    ['fov', 'banana', /"fov" was "banana", not a number; using 70\./],
    ['fov', 59.9, /"fov" was 59\.9, outside 60–110/],
    ['fov', null, /"fov" was null, not a number/],
    ['fov', '90', /"fov" was "90", not a number/],
    ['mouseSensitivity', 1e9, /"mouseSensitivity" was 1000000000, outside 0\.1–3; using 1\./],
    ['mouseSensitivity', 0, /outside 0\.1–3/],
    ['mouseSensitivity', -1, /outside 0\.1–3/],
    ['touchSensitivity', true, /"touchSensitivity" was true, not a number/],
    ['touchSensitivity', [1], /"touchSensitivity" was \[1\], not a number/],
  ])('a bad number (%s = %j) falls back to its default with a warning', (key, value, message) => {
    const { settings, warnings } = readStored({ [key]: value, viewBobbing: false });
    expect(settings).toEqual({ ...DEFAULT_PLAYER_SETTINGS, viewBobbing: false });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(message);
  });

  it('a number too large for a double (1e999 parses as Infinity) is not finite', () => {
    const { settings, warnings } = readPlayerSettings(storageWith(`{"version":1,"fov":1e999,"mouseSensitivity":0.5}`));
    expect(settings.fov).toBe(70);
    expect(settings.mouseSensitivity).toBe(0.5);
    expect(warnings).toEqual(['Stored setting "fov" was Infinity, not a finite number; using 70.']);
  });

  it.each([
    ['invertY', 'yes', /"invertY" was "yes", not true or false; using false\./],
    ['invertY', 1, /"invertY" was 1, not true or false/],
    ['viewBobbing', 'false', /"viewBobbing" was "false", not true or false; using true\./],
    ['viewBobbing', null, /"viewBobbing" was null/],
  ])('a bad switch (%s = %j) falls back to its default with a warning', (key, value, message) => {
    const { settings, warnings } = readStored({ [key]: value, fov: 100 });
    expect(settings).toEqual({ ...DEFAULT_PLAYER_SETTINGS, fov: 100 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(message);
  });

  it('another version: said once, and each value is still checked and kept', () => {
    for (const version of [2, undefined, 'one']) {
      const { settings, warnings } = readStored({ version, fov: 80, invertY: 'yes' });
      expect(settings).toEqual({ ...DEFAULT_PLAYER_SETTINGS, fov: 80 });
      expect(warnings).toHaveLength(2);
      expect(warnings[0]).toMatch(/^Stored settings have version .*, not 1; each value is checked/);
      expect(warnings[1]).toMatch(/"invertY"/);
    }
  });
});

describe('readPlayerSettings: key bindings', () => {
  const bindingsOf = (keyBindings: unknown) => readStored({ keyBindings, fov: 85 });

  it('valid bindings are kept, actions left out take their defaults', () => {
    const { settings, warnings } = bindingsOf({ forward: ['ArrowUp', 'KeyI'], down: ['KeyC'] });
    expect(warnings).toEqual([]);
    expect(settings.keyBindings).toEqual({ ...DEFAULT_KEY_BINDINGS, forward: ['ArrowUp', 'KeyI'], down: ['KeyC'] });
    expect(settings.fov).toBe(85);
  });

  it('a table that is no table: the default keys, and a warning', () => {
    for (const stored of ['WASD', 42, null, [['KeyW']]]) {
      const { settings, warnings } = bindingsOf(stored);
      expect(settings.keyBindings).toEqual(DEFAULT_KEY_BINDINGS);
      expect(settings.fov).toBe(85);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^Stored setting "keyBindings" was .*, not a table of keys; using the default keys\.$/);
    }
  });

  it.each([
    [['KeyZZ'], /"forward" was "KeyZZ", which is not a key the game knows; using W\./],
    [[], /"forward" was an empty list; using W\./],
    ['KeyW', /"forward" was not a list of keys/],
    [[87], /"forward" was not a list of keys \(87\)/],
    [['F5'], /"F5", which is not a key the game knows/],
    [['KeyF'], /"forward" was F, which is reserved \(F switches between walking and flying\)/],
    [['Digit3'], /3, which is reserved \(3 picks a hotbar block/],
    [['Escape'], /Esc, which is reserved/],
    [['KeyI', 'KeyI'], /a list naming a key twice/],
  ])('a bad list for one action (%j) falls back to its default; the other actions are kept', (forward, message) => {
    const { settings, warnings } = bindingsOf({ forward, back: ['ArrowDown'] });
    expect(settings.keyBindings).toEqual({ ...DEFAULT_KEY_BINDINGS, back: ['ArrowDown'] });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Stored key binding "forward" was /);
    expect(warnings[0]).toMatch(message);
  });

  it('a key on two stored actions: the later action goes back to its defaults', () => {
    const { settings, warnings } = bindingsOf({ forward: ['KeyE'], right: ['KeyE'] });
    expect(settings.keyBindings).toEqual({ ...DEFAULT_KEY_BINDINGS, forward: ['KeyE'] });
    expect(warnings).toEqual(['Stored key binding "right" used E, which "forward" uses too; using the default keys for "right".']);
  });

  it('a stored key that another action has by default: the stored action goes back to its defaults', () => {
    const { settings, warnings } = bindingsOf({ sprint: ['KeyW'] });
    expect(settings.keyBindings).toEqual(DEFAULT_KEY_BINDINGS);
    expect(warnings).toEqual(['Stored key binding "sprint" used W, which "forward" uses too; using the default keys for "sprint".']);
    // …also when the stored action comes first in the list.
    const first = bindingsOf({ forward: ['Space'] });
    expect(first.settings.keyBindings).toEqual(DEFAULT_KEY_BINDINGS);
    expect(first.warnings).toEqual(['Stored key binding "forward" used Space, which "up" uses too; using the default keys for "forward".']);
  });

  it('a chain of conflicts settles with no key on two actions', () => {
    const { settings, warnings } = bindingsOf({ forward: ['KeyS'], back: ['KeyW'], left: ['KeyS'], sprint: ['KeyA'] });
    const owners = new Map<string, string>();
    for (const [action, codes] of Object.entries(settings.keyBindings)) {
      for (const code of codes) {
        expect(owners.get(code), `${code} on ${action} and ${owners.get(code)}`).toBeUndefined();
        owners.set(code, action);
      }
    }
    expect(warnings.length).toBeGreaterThan(0);
    for (const w of warnings) expect(w).toMatch(/^Stored key binding "\w+" used \w+, which "\w+" uses too; using the default keys for "\w+"\.$/);
  });
});

describe('storage that fails', () => {
  const throwing: SettingsStorage = {
    getItem: () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    },
    setItem: () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    },
  };

  it('no storage at all: the defaults and a warning; writing says why it did not', () => {
    const { settings, warnings } = readPlayerSettings(null);
    expect(settings).toEqual(DEFAULT_PLAYER_SETTINGS);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/does not let the game keep settings/);
    expect(writePlayerSettings(null, DEFAULT_PLAYER_SETTINGS)).toMatch(/does not let the game keep settings/);
  });

  it('getItem and setItem that throw: defaults and a warning, and a reason instead of an exception', () => {
    const { settings, warnings } = readPlayerSettings(throwing);
    expect(settings).toEqual(DEFAULT_PLAYER_SETTINGS);
    expect(warnings).toEqual(["Settings could not be read from this browser's storage (The operation is insecure.); using the defaults."]);
    expect(writePlayerSettings(throwing, DEFAULT_PLAYER_SETTINGS)).toBe("this browser's storage refused them (The quota has been exceeded.)");
  });

  it('the record holds the version and every setting', () => {
    expect(JSON.parse(serializePlayerSettings(DEFAULT_PLAYER_SETTINGS))).toEqual({
      version: 1,
      fov: 70,
      mouseSensitivity: 1,
      touchSensitivity: 1,
      invertY: false,
      viewBobbing: true,
      keyBindings: DEFAULT_KEY_BINDINGS,
    });
  });
});
