/** The mouse's break button as GameInput reports it: down while captured, up always, let go on release. */
import { describe, expect, it } from 'vitest';
import { GameInput, type GameInputActions, type MovementControls } from '../../../src/app/input/game-input';

type Handler = (e: unknown) => void;

function target() {
  const listeners = new Map<string, Handler>();
  return {
    listeners,
    addEventListener: (type: string, fn: Handler) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
  };
}

function setup(locked: boolean) {
  const win = target();
  const doc = { ...target(), defaultView: win };
  const canvas = { ...target(), ownerDocument: doc };
  const calls: string[] = [];
  const actions = new Proxy({} as GameInputActions, {
    get: (_t, name: string) => (arg?: unknown) => calls.push(arg === undefined ? name : `${name}(${String(arg)})`),
  });
  const controls = { setHeld: () => {}, releaseAll: () => {}, look: () => {}, wheel: () => {} } as unknown as MovementControls;
  const input = new GameInput(canvas as unknown as HTMLElement, { isLocked: () => locked, isPlaying: () => locked }, controls, actions);
  input.connect();
  return { input, calls, canvas, doc, win };
}

describe('GameInput: the break button', () => {
  it('reports the left button down while the mouse is captured, and up wherever it comes up', () => {
    const { calls, canvas, doc } = setup(true);
    canvas.listeners.get('mousedown')!({ button: 0 });
    doc.listeners.get('mouseup')!({ button: 0 });
    doc.listeners.get('mouseup')!({ button: 2 });
    expect(calls).toEqual(['holdBreak(true)', 'holdBreak(false)']);
  });

  it('ignores a press without the mouse captured, and lets go when the capture or the window is lost', () => {
    const { input, calls, canvas, win } = setup(false);
    canvas.listeners.get('mousedown')!({ button: 0 });
    expect(calls).toEqual([]);
    input.released();
    win.listeners.get('blur')!({});
    expect(calls).toEqual(['holdBreak(false)', 'holdBreak(false)']);
    input.dispose();
    input.dispose();
  });
});
