/** A fresh seed for the "random seed" button: a readable number from the browser's RNG. */
import { hashInts } from '../../noise';

export function randomSeedText(): string {
  const buf = new Uint32Array(2);
  crypto.getRandomValues(buf);
  return String(hashInts(buf[0]!, buf[1]!, 0) >>> 0);
}
