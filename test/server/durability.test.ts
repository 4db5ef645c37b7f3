/**
 * openRepository: the embedded database keeps what it committed across a close and across a
 * hard kill (the server's promise: an acknowledged edit is never lost), one process at a time,
 * and a bad database URL fails with one line that says what is wrong.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataDir } from '../../server/storage/data-dir-lock';
import { openRepository } from '../../server/storage/open-repository';
import { PGLITE_START_TIMEOUT, sorted, world } from './fixtures';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'voxel-pglite-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('openRepository on a PGlite data directory', () => {
  it('keeps worlds, edits and seqs after it is closed and opened again', async () => {
    const dataDir = tempDir();
    const first = await openRepository({ dataDir });
    const edits = [
      { x: -5, y: 70, z: 33, block: 2, state: 9 },
      { x: 100, y: 3, z: -100, block: 5 },
    ];
    await first.createWorld(world('a', { policy: 'invited', builders: ['p1'] }), edits.slice(0, 1));
    await first.commitEdits('a', [{ ...edits[1]!, playerKey: 'p1', seq: 12 }]);
    await first.dispose();
    await first.dispose();
    const again = await openRepository({ dataDir });
    try {
      expect(await again.world('a')).toEqual(world('a', { policy: 'invited', builders: ['p1'] }));
      expect(sorted(await again.edits('a'))).toEqual(sorted(edits));
      expect(await again.lastSeqs('a')).toEqual(new Map([['p1', 12]]));
    } finally {
      await again.dispose();
    }
  }, PGLITE_START_TIMEOUT);

  it('keeps every acknowledged commit when its process is killed hard mid-burst', async () => {
    const dataDir = tempDir();
    // Node itself with tsx's loader, not the tsx command: that runs Node as a child of its own,
    // which a SIGKILL to it would leave running (and holding the directory).
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(__dirname, 'commit-until-killed.ts'), dataDir], {
      cwd: resolve(__dirname, '../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((done) => child.on('exit', done));
    let acked = 0;
    let lines = '';
    await new Promise<void>((done, fail) => {
      child.on('exit', (code) => fail(new Error(`the child exited (${code}) after ${acked} commits`)));
      child.stdout.on('data', (chunk: Buffer) => {
        lines += chunk.toString();
        for (const m of lines.matchAll(/acked (\d+)\n/g)) acked = Number(m[1]);
        lines = lines.slice(lines.lastIndexOf('\n') + 1);
        // Mid-burst: the child is committing the next batch as it dies.
        if (acked >= 10) {
          child.kill('SIGKILL');
          done();
        }
      });
    });
    await exited;
    const repo = await openRepository({ dataDir });
    try {
      const seq = (await repo.lastSeqs('w')).get('p') ?? 0;
      expect(seq).toBeGreaterThanOrEqual(acked);
      expect((await repo.edits('w')).length).toBe(seq);
    } finally {
      await repo.dispose();
    }
  }, PGLITE_START_TIMEOUT);
});

describe('openRepository with a bad DATABASE_URL', () => {
  const failure = async (databaseUrl: string) => {
    const error = await openRepository({ databaseUrl }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).not.toContain('\n');
    return error!.message;
  };

  it('says what is wrong with the URL itself', async () => {
    expect(await failure('not a url')).toMatch(/DATABASE_URL is not a URL/);
    expect(await failure('mysql://u@localhost/db')).toMatch(/must start with postgres:\/\/ or postgresql:\/\/, not mysql:/);
  });

  it('says which server it could not reach, without the password', async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const message = await failure('postgres://user:hunter2@127.0.0.1:1/voxel');
    expect(message).toMatch(/^cannot open the PostgreSQL server at postgres:\/\/user:\*\*\*@127\.0\.0\.1:1\/voxel: .*ECONNREFUSED/);
    expect(message).not.toContain('hunter2');
  });
});

describe('a PGlite data directory', () => {
  it('is refused to a second process while one holds it, and taken over once that process is gone', async () => {
    const dataDir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(dataDir, LOCK_FILE), `${other.pid}\n`);
      expect(() => lockDataDir(dataDir)).toThrow(new RegExp(`in use by process ${other.pid}`));
    } finally {
      const exited = new Promise((done) => other.on('exit', done));
      other.kill('SIGKILL');
      await exited;
    }
    const unlock = lockDataDir(dataDir);
    expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    unlock();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });
});
