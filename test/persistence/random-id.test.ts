/** World and tab ids: a UUID where the browser offers one, 32 hex digits of random bytes where it does not (LAN origins). */
import { describe, expect, it } from 'vitest';
import { randomId } from '../../src/persistence/random-id';

describe('randomId', () => {
  it('uses crypto.randomUUID when there is one', () => {
    expect(randomId({ randomUUID: () => 'uuid-1', getRandomValues: () => new Uint8Array(16) } as never)).toBe('uuid-1');
    expect(randomId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('falls back to 16 random bytes as hex without randomUUID (insecure origins)', () => {
    const source = {
      getRandomValues<T extends ArrayBufferView | null>(array: T): T {
        (array as unknown as Uint8Array).forEach((_, i, a) => (a[i] = i * 17));
        return array;
      },
    };
    expect(randomId(source)).toBe('00112233445566778899aabbccddeeff');
    const real = { getRandomValues: crypto.getRandomValues.bind(crypto) };
    const a = randomId(real);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(randomId(real)).not.toBe(a);
  });
});
