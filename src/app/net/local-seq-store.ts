/**
 * The edit seq counter in localStorage, per shared world: the room treats a seq it has seen
 * as already committed, so after a reload numbering must carry on, not restart. It lives with
 * the player key (also in localStorage): clearing one without the other would make new edits
 * look like old re-sends.
 */
import type { SeqStore } from '../../net';

const PREFIX = 'voxel.shared.seq.';

export function localSeqStore(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): SeqStore {
  return {
    load(worldId) {
      const seq = Number(storage.getItem(PREFIX + worldId));
      return Number.isSafeInteger(seq) && seq > 0 ? seq : 0;
    },
    save(worldId, seq) {
      try {
        storage.setItem(PREFIX + worldId, String(seq));
      } catch {
        // Storage full or denied: this page still numbers on; only a reload could reuse a seq.
      }
    },
  };
}
