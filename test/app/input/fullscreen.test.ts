import { describe, expect, it } from 'vitest';
import { Fullscreen, NO_FULLSCREEN_MESSAGE } from '../../../src/app/input/fullscreen';

/** Just enough of a document for Fullscreen: an element that goes fullscreen when asked. */
function fakeDocument(options: { enabled: boolean; refuse?: boolean; orientationLock?: (o: string) => Promise<void> }) {
  const listeners = new Map<string, () => void>();
  const locks: string[] = [];
  const doc = {
    fullscreenEnabled: options.enabled,
    fullscreenElement: null as unknown,
    documentElement: {
      requestFullscreen: async () => {
        if (options.refuse) throw new Error('Permissions check failed');
        doc.fullscreenElement = doc.documentElement;
        listeners.get('fullscreenchange')?.();
      },
    },
    exitFullscreen: async () => {
      doc.fullscreenElement = null;
      listeners.get('fullscreenchange')?.();
    },
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
    defaultView: {
      screen: {
        orientation: {
          lock: async (o: string) => {
            locks.push(o);
            if (options.orientationLock) await options.orientationLock(o);
          },
        },
      },
    },
  };
  return { doc: doc as unknown as Document, listeners, locks };
}

describe('Fullscreen', () => {
  it('enters and leaves, reporting each change, and turns a phone to landscape', async () => {
    const { doc, locks } = fakeDocument({ enabled: true });
    const changes: boolean[] = [];
    const fullscreen = new Fullscreen(doc, { changed: (on) => changes.push(on), refused: () => expect.fail('refused') });
    fullscreen.connect();
    await fullscreen.toggle(true);
    expect(fullscreen.active).toBe(true);
    expect(locks).toEqual(['landscape']);
    await fullscreen.toggle(true);
    expect(fullscreen.active).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('does not ask for landscape on a computer, and a refused orientation lock is fine', async () => {
    const desk = fakeDocument({ enabled: true });
    await new Fullscreen(desk.doc, { changed: () => {}, refused: () => expect.fail('refused') }).toggle(false);
    expect(desk.locks).toEqual([]);
    const ios = fakeDocument({ enabled: true, orientationLock: () => Promise.reject(new Error('NotSupportedError')) });
    await new Fullscreen(ios.doc, { changed: () => {}, refused: () => expect.fail('refused') }).toggle(true);
  });

  it('says what to do where the browser has no fullscreen, and why when it refuses', async () => {
    const messages: string[] = [];
    await new Fullscreen(fakeDocument({ enabled: false }).doc, { changed: () => {}, refused: (m) => messages.push(m) }).toggle(true);
    await new Fullscreen(fakeDocument({ enabled: true, refuse: true }).doc, { changed: () => {}, refused: (m) => messages.push(m) }).toggle(true);
    expect(messages[0]).toBe(NO_FULLSCREEN_MESSAGE);
    expect(messages[1]).toMatch(/refused fullscreen \(Permissions check failed\)/);
  });

  it('dispose removes its listener and is safe to call twice', () => {
    const { doc, listeners } = fakeDocument({ enabled: true });
    const fullscreen = new Fullscreen(doc, { changed: () => {}, refused: () => {} });
    fullscreen.connect();
    expect(listeners.has('fullscreenchange')).toBe(true);
    fullscreen.dispose();
    fullscreen.dispose();
    expect(listeners.has('fullscreenchange')).toBe(false);
  });
});
