/**
 * Makes sure a Chromium exists before any browser test starts, so that no test installs
 * software behind the reader's back. On a fresh Debian machine as root, `npm install && npm test`
 * must still just work, so there (and only there) it installs Debian's chromium package, saying so.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_CANDIDATES, locateChromium, NO_CHROMIUM_HELP } from './browser';

function log(message: string): void {
  process.stdout.write(`[chromium] ${message}\n`);
}

function aptGet(args: string[]): void {
  log(`running apt-get ${args.join(' ')}`);
  const run = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (run.error) throw new Error(`apt-get ${args.join(' ')} could not run: ${run.error.message}. ${NO_CHROMIUM_HELP}`);
  if (run.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit status ${run.status ?? run.signal}). ${NO_CHROMIUM_HELP}`);
}

/** The path of a usable Chromium, installing Debian's package first where that is possible. */
export function ensureChromium(): string {
  const found = locateChromium();
  if (found) return found;
  const where = `Chromium not found at ${CHROMIUM_CANDIDATES.join(', ')} (and CHROME_PATH is not set)`;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    const why = isRoot ? 'this is not a Debian-like system (no apt-get)' : 'installing it needs root';
    throw new Error(`${where}, and ${why}. ${NO_CHROMIUM_HELP}`);
  }
  log(`${where}: installing Debian's chromium package with apt-get…`);
  aptGet(['update']);
  aptGet(['install', '-y', 'chromium']);
  const installed = locateChromium();
  if (!installed) throw new Error(`apt-get installed the chromium package, but no binary appeared at ${CHROMIUM_CANDIDATES.join(', ')}. ${NO_CHROMIUM_HELP}`);
  log(`installed: ${installed}`);
  return installed;
}
