/**
 * One process per PGlite data directory: PGlite takes no lock of its own, and two processes
 * writing one directory (a restart that starts the new server before the old one has exited,
 * two servers left on the default DATA_DIR) would corrupt it. A file holding the owner's pid;
 * a file whose process is gone (killed hard) is taken over.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'server.pid';

/** Takes `dataDir` (created when missing) for this process; throws when a live process holds it. The returned function lets it go. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  for (;;) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (owner !== process.pid && isAlive(owner)) {
        throw new Error(`the embedded database in ${dataDir} is in use by process ${owner} (if no such server runs, delete ${path})`, { cause: error });
      }
      rmSync(path, { force: true });
    }
  }
  return () => rmSync(path, { force: true });
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
