/**
 * Once per e2e run, before any test file: make sure there is a Chromium to drive (installing
 * Debian's package if need be, see browser-install.ts), build the app while starting the one
 * Chromium that every test file connects to, then serve the app (shared-browser.ts). Both stop
 * after the last file.
 */
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { ensureChromium } from '../support/browser-install';
import { startSharedBrowser } from '../support/shared-browser';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureChromium();
  // Chromium starts while vite builds (startSharedBrowser serves dist/ once the build is done).
  const shared = await startSharedBrowser(build({ logLevel: 'warn' }));
  project.provide('e2eAppUrl', shared.appUrl);
  project.provide('e2eBrowserEndpoint', shared.wsEndpoint);
  return () => shared.close();
}
