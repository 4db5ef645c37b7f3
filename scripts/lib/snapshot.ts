/** Geometries, loaded columns and the JS heap after garbage collection: the leak check's two ends. */
import type { Page } from 'playwright-core';
import { TIMEOUT_MS } from './config';
import { inPage, within } from './deadline';

export interface Snapshot {
  loaded: number;
  geometries: number;
  /** usedJSHeapSize after the inspector's memory-reducing GC (DevTools' "Collect garbage"). */
  heapBytes: number | null;
  /** usedJSHeapSize after plain window.gc() calls, for comparison (see the leaks note). */
  heapAfterWindowGcBytes: number | null;
}

/**
 * Geometries, loaded columns and the JS heap after garbage collection. three.js counts a
 * geometry from its first render, so the camera first looks all around (four headings, level
 * and steeply down): every loaded column is then counted, whatever direction the camera faced
 * before, and start and end compare like with like.
 */
export async function snapshot(page: Page): Promise<Snapshot> {
  await inPage(page, 'look around', TIMEOUT_MS.evaluate, () =>
    page.evaluate(async () => {
      const g = window.__game!;
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      for (const pitch of [-0.3, -1.2]) {
        for (let i = 0; i < 4; i++) {
          g.look((i * Math.PI) / 2, pitch);
          await frame();
          await frame();
        }
      }
    }),
  );
  const gcStart = await page.evaluate(() => performance.now());
  const windowGc = await inPage(page, 'window.gc()', TIMEOUT_MS.evaluate, () =>
    page.evaluate(async () => {
      const gc = (window as unknown as { gc?: () => void }).gc;
      const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
      for (let i = 0; i < 3; i++) {
        gc?.();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return gc && memory ? memory.usedJSHeapSize : null;
    }),
  );
  // window.gc() is a full GC, but not a memory-reducing one: V8 keeps maps, feedback and
  // caches alive for a few more collections, and in this app that was a few MB that varied
  // from run to run with no live object behind it (heap snapshots before and after a flight
  // differed by the new meshes and JIT code only). The inspector's collectGarbage is the
  // aggressive kind a heap snapshot takes, so the figure counts what is really retained.
  const cdp = await page.context().newCDPSession(page);
  try {
    await within('HeapProfiler.collectGarbage', TIMEOUT_MS.evaluate, () => cdp.send('HeapProfiler.collectGarbage'));
  } finally {
    await cdp.detach();
  }
  return inPage(page, 'heap snapshot', TIMEOUT_MS.evaluate, () =>
    page.evaluate(
      ({ gcStart, windowGc }) => {
        const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
        window.__bench!.gcWindows.push({ start: gcStart, end: performance.now() });
        const s = window.__game!.stats();
        return { loaded: s.loaded, geometries: s.geometries, heapBytes: memory ? memory.usedJSHeapSize : null, heapAfterWindowGcBytes: windowGc };
      },
      { gcStart, windowGc },
    ),
  );
}
