/**
 * Key labels the player can read, and rebinding: a taken key moves (swapping when the other
 * action would be left with none), reserved and unknown keys are refused.
 */
import { describe, expect, it } from 'vitest';
import { actionOfKey, bindingConflict, DEFAULT_KEY_BINDINGS, isKnownKey, keyLabel, keysLabel, MOVE_ACTIONS, moveKeyLabels, rebindKey, type KeyBindings } from '../../src/controls/key-bindings';

describe('keyLabel', () => {
  it('names keys as they are printed or spoken', () => {
    expect(keyLabel('KeyW')).toBe('W');
    expect(keyLabel('Digit0')).toBe('0');
    expect(keyLabel('Space')).toBe('Space');
    expect(keyLabel('ShiftLeft')).toBe('Left Shift');
    expect(keyLabel('ControlRight')).toBe('Right Ctrl');
    expect(keyLabel('ArrowUp')).toBe('Up Arrow');
    expect(keyLabel('Numpad8')).toBe('Numpad 8');
    expect(keyLabel('Escape')).toBe('Esc');
    expect(keyLabel('SomethingNew')).toBe('SomethingNew');
    expect(keysLabel(DEFAULT_KEY_BINDINGS.sprint)).toBe('Left Ctrl / Right Ctrl / Q');
  });

  it('every default key is known and has a label of its own', () => {
    for (const action of MOVE_ACTIONS) for (const code of DEFAULT_KEY_BINDINGS[action]) expect(isKnownKey(code), code).toBe(true);
    expect(isKnownKey('F5')).toBe(false);
    expect(isKnownKey('MetaLeft')).toBe(false);
    expect(isKnownKey('KeyWW')).toBe(false);
    expect(bindingConflict(DEFAULT_KEY_BINDINGS)).toBeNull();
  });
});

describe('rebindKey', () => {
  const rebound = (bindings: KeyBindings, ...args: Parameters<typeof rebindKey> extends [KeyBindings, ...infer R] ? R : never) => {
    const result = rebindKey(bindings, ...args);
    if (!result.ok) throw new Error(result.reason);
    return result;
  };

  it('a free key replaces the action\'s keys, with nothing to say', () => {
    const { bindings, message } = rebound(DEFAULT_KEY_BINDINGS, 'forward', 'ArrowUp');
    expect(bindings.forward).toEqual(['ArrowUp']);
    expect(actionOfKey(bindings, 'KeyW')).toBeNull();
    expect(message).toBeNull();
    expect(DEFAULT_KEY_BINDINGS.forward).toEqual(['KeyW']); // the input is not changed
  });

  it('a key another action has alone: the two swap', () => {
    const { bindings, message } = rebound(DEFAULT_KEY_BINDINGS, 'forward', 'KeyS');
    expect(bindings.forward).toEqual(['KeyS']);
    expect(bindings.back).toEqual(['KeyW']);
    expect(message).toBe('"forward" is now S; "back" had it and takes W instead (swapped).');
    expect(bindingConflict(bindings)).toBeNull();
  });

  it('a key another action has among others: it moves, and that action keeps the rest', () => {
    const { bindings, message } = rebound(DEFAULT_KEY_BINDINGS, 'up', 'KeyQ');
    expect(bindings.up).toEqual(['KeyQ']);
    expect(bindings.sprint).toEqual(['ControlLeft', 'ControlRight']);
    expect(message).toBe('"jump / fly up" is now Q, taken from "sprint", which keeps Left Ctrl / Right Ctrl.');
    expect(actionOfKey(bindings, 'Space')).toBeNull();
  });

  it('the key the action already has: it keeps only that one', () => {
    const { bindings, message } = rebound(DEFAULT_KEY_BINDINGS, 'down', 'ShiftRight');
    expect(bindings.down).toEqual(['ShiftRight']);
    expect(message).toBeNull();
  });

  it.each([
    ['KeyF', /^F switches between walking and flying; it cannot be bound to "forward"\.$/],
    ['Digit1', /^1 picks a hotbar block/],
    ['Digit9', /^9 picks a hotbar block/],
    ['Escape', /^Esc releases the mouse/],
    ['CapsLock', /^Caps Lock is a toggle on some systems/],
    ['F5', /^F5 is not a key the game can bind/],
    ['MetaLeft', /^MetaLeft is not a key the game can bind/],
  ])('%s is refused with the reason', (code, reason) => {
    const result = rebindKey(DEFAULT_KEY_BINDINGS, 'forward', code);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it('Digit0 is free (the hotbar has nine slots, 1–9)', () => {
    expect(rebound(DEFAULT_KEY_BINDINGS, 'sprint', 'Digit0').bindings.sprint).toEqual(['Digit0']);
  });
});

describe('moveKeyLabels', () => {
  it('reads as the start screen always did for the default keys', () => {
    expect(moveKeyLabels(DEFAULT_KEY_BINDINGS)).toEqual({ move: 'W A S D', upDown: 'Space / Shift', sprint: 'Ctrl or Q (hold)' });
  });

  it('follows rebound keys, and names a lone side key with its side', () => {
    const bindings = { ...DEFAULT_KEY_BINDINGS, forward: ['KeyZ'], left: ['KeyQ'], sprint: ['ControlLeft'], down: ['KeyC'] };
    expect(moveKeyLabels(bindings)).toEqual({ move: 'Z Q S D', upDown: 'Space / C', sprint: 'Left Ctrl (hold)' });
  });
});
