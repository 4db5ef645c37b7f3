/** The seam for block states: the editor's stateAt when it has one, else 0 everywhere. */
import { describe, expect, it } from 'vitest';
import { stateReaderOf } from '../../../src/app/session/world-player';

describe('stateReaderOf', () => {
  it("reads the source's own stateAt, method or field, with its this", () => {
    class Editor {
      readonly states = new Map([['1,2,3', 9]]);
      stateAt(x: number, y: number, z: number): number {
        return this.states.get(`${x},${y},${z}`) ?? 0;
      }
    }
    const read = stateReaderOf(new Editor());
    expect(read(1, 2, 3)).toBe(9);
    expect(read(0, 0, 0)).toBe(0);
    expect(stateReaderOf({ stateAt: () => 4 })(5, 5, 5)).toBe(4);
  });

  it('gives 0 when the source has no stateAt, or answers nonsense', () => {
    expect(stateReaderOf({})(1, 2, 3)).toBe(0);
    expect(stateReaderOf({ stateAt: () => undefined })(1, 2, 3)).toBe(0);
  });
});
