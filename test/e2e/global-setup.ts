/**
 * Once per e2e run, before any test file: make sure there is a Chromium to drive (installing
 * Debian's package if need be, see browser-install.ts), then build the app (each test file then
 * only serves dist/).
 */
import { build } from 'vite';
import { ensureChromium } from '../support/browser-install';

export default async function setup(): Promise<void> {
  ensureChromium();
  await build({ logLevel: 'warn' });
}
