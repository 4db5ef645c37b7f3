/** setTimeout / clearTimeout stand-ins whose timers fire only when the test says so. */
export function manualTimers() {
  const pending = new Map<number, { run: () => void; ms: number }>();
  let next = 1;
  return {
    setTimeout: (run: () => void, ms: number): unknown => {
      pending.set(next, { run, ms });
      return next++;
    },
    clearTimeout: (handle: unknown): void => void pending.delete(handle as number),
    /** Delays of the timers waiting, in order of setting. */
    delays: (): number[] => [...pending.values()].map((t) => t.ms),
    /** Fires the oldest timer. */
    fire(): void {
      const [id, timer] = [...pending.entries()][0]!;
      pending.delete(id);
      timer.run();
    },
  };
}
