/** Builds the app once for every browser test file (each then only serves dist/). */
import { build } from 'vite';

export default async function setup(): Promise<void> {
  await build({ logLevel: 'warn' });
}
