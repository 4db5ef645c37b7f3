/**
 * Which physical keys (KeyboardEvent.code, so the layout does not matter: WASD stays under
 * the left hand on AZERTY) trigger which action. One table, so the start screen, the settings
 * list and walk mode all read the same bindings.
 */
export type MoveAction = 'forward' | 'back' | 'left' | 'right' | 'up' | 'down' | 'sprint';

export type KeyBindings = Readonly<Record<MoveAction, readonly string[]>>;

/** Every move action, in the order the settings list shows them. */
export const MOVE_ACTIONS: readonly MoveAction[] = Object.freeze(['forward', 'back', 'left', 'right', 'up', 'down', 'sprint']);

/** What each action does, in the player's words. */
export const MOVE_ACTION_NAMES: Readonly<Record<MoveAction, string>> = Object.freeze({
  forward: 'forward',
  back: 'back',
  left: 'left',
  right: 'right',
  up: 'jump / fly up',
  down: 'swim down / fly down',
  sprint: 'sprint',
});

export const DEFAULT_KEY_BINDINGS: KeyBindings = Object.freeze({
  forward: ['KeyW'],
  back: ['KeyS'],
  left: ['KeyA'],
  right: ['KeyD'],
  up: ['Space'],
  down: ['ShiftLeft', 'ShiftRight'],
  sprint: ['ControlLeft', 'ControlRight', 'KeyQ'],
});

/** The action a key code is bound to, or null. */
export function actionOfKey(bindings: KeyBindings, code: string): MoveAction | null {
  for (const action of MOVE_ACTIONS) if (bindings[action].includes(code)) return action;
  return null;
}

/** Digit1..Digit9 select hotbar slots 0..8. */
export function slotOfKey(code: string): number | null {
  const m = /^Digit([1-9])$/.exec(code);
  return m ? Number(m[1]) - 1 : null;
}

const NAMED_KEYS: Readonly<Record<string, string>> = {
  Space: 'Space',
  ShiftLeft: 'Left Shift',
  ShiftRight: 'Right Shift',
  ControlLeft: 'Left Ctrl',
  ControlRight: 'Right Ctrl',
  AltLeft: 'Left Alt',
  AltRight: 'Right Alt',
  Tab: 'Tab',
  CapsLock: 'Caps Lock',
  Enter: 'Enter',
  Backspace: 'Backspace',
  ArrowUp: 'Up Arrow',
  ArrowDown: 'Down Arrow',
  ArrowLeft: 'Left Arrow',
  ArrowRight: 'Right Arrow',
  Insert: 'Insert',
  Delete: 'Delete',
  Home: 'Home',
  End: 'End',
  PageUp: 'Page Up',
  PageDown: 'Page Down',
  Backquote: '`',
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  IntlBackslash: '\\ (ISO)',
  Semicolon: ';',
  Quote: "'",
  Comma: ',',
  Period: '.',
  Slash: '/',
  Numpad0: 'Numpad 0',
  Numpad1: 'Numpad 1',
  Numpad2: 'Numpad 2',
  Numpad3: 'Numpad 3',
  Numpad4: 'Numpad 4',
  Numpad5: 'Numpad 5',
  Numpad6: 'Numpad 6',
  Numpad7: 'Numpad 7',
  Numpad8: 'Numpad 8',
  Numpad9: 'Numpad 9',
  NumpadAdd: 'Numpad +',
  NumpadSubtract: 'Numpad -',
  NumpadMultiply: 'Numpad *',
  NumpadDivide: 'Numpad /',
  NumpadDecimal: 'Numpad .',
  NumpadEnter: 'Numpad Enter',
  Escape: 'Esc',
};

/**
 * Keys a move action may have: letters, digits, the named keys above. Function keys and the
 * OS keys (Meta) are left out on purpose: the browser or the system acts on them first
 * (F5 reloads, F11 goes full screen), so a binding to one would fight them.
 */
export function isKnownKey(code: string): boolean {
  return /^Key[A-Z]$/.test(code) || /^Digit[0-9]$/.test(code) || Object.hasOwn(NAMED_KEYS, code);
}

/** A key code as the player knows the key: "W", "Space", "Left Shift", "Numpad 4"; an unknown code as it is. */
export function keyLabel(code: string): string {
  const letter = /^Key([A-Z])$/.exec(code) ?? /^Digit([0-9])$/.exec(code);
  if (letter) return letter[1]!;
  return NAMED_KEYS[code] ?? code;
}

/** The keys of one action, for a list: "Left Ctrl / Right Ctrl / Q". */
export function keysLabel(codes: readonly string[]): string {
  return codes.map(keyLabel).join(' / ');
}

/** Why a key the game keeps for itself cannot move the player, or null when it can. */
export function reservedKeyReason(code: string): string | null {
  if (code === 'KeyF') return 'F switches between walking and flying';
  if (slotOfKey(code) !== null) return `${keyLabel(code)} picks a hotbar block (1–9)`;
  if (code === 'Escape') return 'Esc releases the mouse';
  // macOS reports Caps Lock as a toggle (down, then up only at the next press): a move would stay held.
  if (code === 'CapsLock') return 'Caps Lock is a toggle on some systems, so a move bound to it could stay held';
  return null;
}

/** Why `code` cannot be bound to a move action at all (reserved or unknown), or null when it can. */
export function unbindableReason(code: string): string | null {
  const reserved = reservedKeyReason(code);
  if (reserved) return reserved;
  if (!isKnownKey(code)) return `${keyLabel(code)} is not a key the game can bind`;
  return null;
}

/** The first key bound to two actions, with both actions, or null when every key has one action. */
export function bindingConflict(bindings: KeyBindings): { code: string; actions: [MoveAction, MoveAction] } | null {
  const owner = new Map<string, MoveAction>();
  for (const action of MOVE_ACTIONS) {
    for (const code of bindings[action]) {
      const other = owner.get(code);
      if (other !== undefined && other !== action) return { code, actions: [other, action] };
      owner.set(code, action);
    }
  }
  return null;
}

export type RebindResult =
  /** `message` says what happened to another action that had the key (null when none had it). */
  | { ok: true; bindings: KeyBindings; message: string | null }
  | { ok: false; reason: string };

/**
 * `action` moves by `code` alone from now on. A key another action had moves here: that
 * action keeps its other keys, and one left with none takes this action's old keys (a swap),
 * so no action is ever left without a key. Reserved and unknown keys are refused.
 */
export function rebindKey(bindings: KeyBindings, action: MoveAction, code: string): RebindResult {
  const why = unbindableReason(code);
  if (why) return { ok: false, reason: `${why}; it cannot be bound to "${MOVE_ACTION_NAMES[action]}".` };
  const next: Record<MoveAction, readonly string[]> = { ...bindings, [action]: [code] };
  const other = actionOfKey(bindings, code);
  let message: string | null = null;
  if (other !== null && other !== action) {
    const kept = bindings[other].filter((c) => c !== code);
    const swapped = kept.length === 0;
    next[other] = swapped ? bindings[action] : kept;
    const now = `"${MOVE_ACTION_NAMES[action]}" is now ${keyLabel(code)}`;
    message = swapped
      ? `${now}; "${MOVE_ACTION_NAMES[other]}" had it and takes ${keysLabel(next[other])} instead (swapped).`
      : `${now}, taken from "${MOVE_ACTION_NAMES[other]}", which keeps ${keysLabel(kept)}.`;
  }
  return { ok: true, bindings: Object.freeze(next), message };
}

/** The start screen's key column for moving, up/down and sprint, as the bindings now are. */
export function moveKeyLabels(bindings: KeyBindings): { move: string; upDown: string; sprint: string } {
  const keys = (action: MoveAction) => sidelessLabels(bindings[action]);
  return {
    move: [keys('forward')[0], keys('left')[0], keys('back')[0], keys('right')[0]].join(' '),
    upDown: `${keys('up')[0]} / ${keys('down')[0]}`,
    sprint: `${keys('sprint').join(' or ')} (hold)`,
  };
}

/** Labels with a Left and Right pair said once ("Left Ctrl", "Right Ctrl" -> "Ctrl"). */
function sidelessLabels(codes: readonly string[]): string[] {
  const labels = codes.map(keyLabel);
  const out: string[] = [];
  for (const label of labels) {
    const side = /^(Left|Right) (.+)$/.exec(label);
    const name = side && labels.includes(`Left ${side[2]}`) && labels.includes(`Right ${side[2]}`) ? side[2]! : label;
    if (!out.includes(name)) out.push(name);
  }
  return out;
}
