import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@colyseus/sdk';
import { describe, expect, it } from 'vitest';
import { runServerProcess, type ProcessHooks } from '../../server/run-server-process';
import { EchoRoom, emptyRepository } from './echo-room';
import { freePort } from '../support/free-port';

/** Hooks that record what the process would have printed and done, with signals sent by hand. */
function fakeProcess(env: Record<string, string>) {
  const lines: string[] = [];
  const errors: string[] = [];
  const listeners = new Map<string, () => void>();
  const exits: number[] = [];
  let exited: (code: number) => void = () => undefined;
  const nextExit = () => new Promise<number>((resolve) => (exited = resolve));
  const hooks: ProcessHooks = {
    env,
    onSignal: (signal, listener) => listeners.set(signal, listener),
    exit: (code) => {
      exits.push(code);
      exited(code);
    },
    log: (line) => lines.push(line),
    error: (line) => errors.push(line),
  };
  return { hooks, lines, errors, exits, nextExit, signal: (name: string) => listeners.get(name)!() };
}

describe('runServerProcess', () => {
  it('stops on a bad variable with one line and exit code 1, before opening the database', async () => {
    const fake = fakeProcess({ PORT: 'abc' });
    let opened = 0;
    await runServerProcess({ openRepository: async () => (opened++, emptyRepository()), defineRooms: () => undefined }, fake.hooks);
    expect(fake.errors).toEqual(['voxel server: PORT=abc: must be a whole number 1..65535']);
    expect(fake.exits).toEqual([1]);
    expect(opened).toBe(0);
  });

  it('says in one line that the database cannot be opened', async () => {
    const fake = fakeProcess({ DATABASE_URL: 'postgres://voxel:secret@127.0.0.1:1/voxel' });
    const openRepository = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:1\n    at TCPConnectWrap.afterConnect');
    };
    await runServerProcess({ openRepository, defineRooms: () => undefined }, fake.hooks);
    expect(fake.errors).toEqual(['voxel server: cannot open the database at DATABASE_URL: connect ECONNREFUSED 127.0.0.1:1']);
    expect(fake.exits).toEqual([1]);
  });

  it('serves until SIGTERM, then closes the rooms and the repository and exits 0; a second signal forces exit 1', async () => {
    const port = await freePort();
    const fake = fakeProcess({ PORT: String(port), STATIC_DIR: join(tmpdir(), 'no-client-built') });
    const repository = emptyRepository();
    let defined = 0;
    await runServerProcess(
      {
        openRepository: async () => repository,
        defineRooms: (server, given) => {
          expect(given).toBe(repository);
          defined++;
          server.define('echo', EchoRoom);
        },
      },
      fake.hooks,
    );
    expect(defined).toBe(1);
    expect(fake.errors).toEqual([]);
    expect(fake.lines).toEqual([`voxel server: http://localhost:${port}/ (embedded database in ./data; rooms: this process alone)`]);
    const room = await new Client(`http://127.0.0.1:${port}`).joinOrCreate('echo');
    const left = new Promise<number>((resolve) => room.onLeave(resolve));

    const exit = fake.nextExit();
    fake.signal('SIGTERM');
    expect(await exit).toBe(0);
    expect(repository.disposed).toBe(1);
    expect(await left).toBeGreaterThan(1000);
    fake.signal('SIGINT');
    expect(fake.exits).toEqual([0, 1]);
  });
});
