/**
 * Lets the browser run other work (input, a frame) between slices of a long job, so no
 * single task blocks the main thread. scheduler.yield where the browser has it (the
 * continuation keeps its priority); else a MessageChannel message, which is a new task like
 * setTimeout(0) but is not throttled to once a second in a background tab, where a game
 * loading its edits would otherwise crawl; setTimeout(0) as the last resort.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        // A port left open would keep Node's event loop (tests) alive.
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
