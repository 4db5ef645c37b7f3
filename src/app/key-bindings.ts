/**
 * Which physical keys (KeyboardEvent.code, so the layout does not matter: WASD stays under
 * the left hand on AZERTY) trigger which action. One table, so the start screen, a future
 * settings list and walk mode all read the same bindings.
 */
export type MoveAction = 'forward' | 'back' | 'left' | 'right' | 'up' | 'down' | 'sprint';

export type KeyBindings = Readonly<Record<MoveAction, readonly string[]>>;

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
  for (const action of Object.keys(bindings) as MoveAction[]) if (bindings[action].includes(code)) return action;
  return null;
}

/** Digit1..Digit9 select hotbar slots 0..8. */
export function slotOfKey(code: string): number | null {
  const m = /^Digit([1-9])$/.exec(code);
  return m ? Number(m[1]) - 1 : null;
}
