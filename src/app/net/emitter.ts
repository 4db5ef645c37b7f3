/** A small typed event emitter: on() returns its own unsubscribe; a throwing listener does not stop the others. */
export class Emitter<Events extends object> {
  private listeners = new Map<keyof Events, Set<(value: never) => void>>();

  on<K extends keyof Events>(type: K, listener: (value: Events[K]) => void): () => void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener as (value: never) => void);
    return () => set.delete(listener as (value: never) => void);
  }

  protected emit<K extends keyof Events>(type: K, value: Events[K]): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) {
      try {
        (listener as (value: Events[K]) => void)(value);
      } catch (error) {
        console.error(error);
      }
    }
  }

  protected clear(): void {
    this.listeners.clear();
  }
}
