import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client, type Room } from '@colyseus/sdk';
import { afterEach, describe, expect, it } from 'vitest';

const REDIS_URL = process.env.TEST_REDIS_URL;
const ENTRY = fileURLToPath(new URL('./echo-server.ts', import.meta.url));

interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
}

/** An echo server in its own process (Colyseus keeps one matchmaker per process), sharing the Redis. */
async function startProcess(started: ChildProcess[]): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    env: { ...process.env, TEST_REDIS_URL: REDIS_URL },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.push(child);
  const serving = (async () => {
    for await (const line of createInterface({ input: child.stdout! })) {
      if (line.startsWith('{')) return (JSON.parse(line) as { port: number }).port;
    }
    throw new Error('the server process closed its output before serving');
  })();
  const exited = once(child, 'exit').then(([code, signal]) => {
    throw new Error(`the server process exited (${code ?? signal}) before serving`);
  });
  // Only the race's loser may reject later: nothing waits on it then.
  exited.catch(() => undefined);
  serving.catch(() => undefined);
  const port = await Promise.race([serving, exited]);
  return { child, port, url: `http://localhost:${port}` };
}

/** The next `said` message `room` hears. */
function nextSaid(room: Room): Promise<unknown> {
  return new Promise((resolve) => {
    const stop = room.onMessage('said', (message) => {
      stop();
      resolve(message);
    });
  });
}

/** A joined room and when it closed: the SDK's own leave() waits forever on one already closed. */
interface Joined {
  room: Room;
  left: Promise<number>;
}

describe.skipIf(!REDIS_URL)('two server processes sharing a Redis (skipped unless TEST_REDIS_URL is set: eval "$(scripts/ci-services.sh start)")', () => {
  const started: ChildProcess[] = [];
  const joined: Joined[] = [];

  /**
   * Joins through `url` and says which process hosts the room: the port of its WebSocket, which
   * is the hosting process's public address, not necessarily the one asked. The room does not
   * reconnect by itself, so a killed server stays gone.
   */
  async function join(url: string, channel: string): Promise<{ room: Room; hostPort: number }> {
    let hostPort = 0;
    const urlBuilder = (endpoint: URL) => {
      if (endpoint.protocol === 'ws:') hostPort = Number(endpoint.port);
      return endpoint.toString();
    };
    const room = await new Client(url, { urlBuilder }).joinOrCreate('echo', { channel });
    room.reconnection.enabled = false;
    joined.push({ room, left: new Promise<number>((resolve) => room.onLeave(resolve)) });
    return { room, hostPort };
  }

  afterEach(async () => {
    await Promise.all(
      joined.splice(0).map(({ room, left }) => {
        void room.leave().catch(() => undefined);
        return left;
      }),
    );
    for (const child of started.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
    }
  });

  it('puts players who ask different processes for one channel in one room, hearing each other', async () => {
    const [first, second] = await Promise.all([startProcess(started), startProcess(started)]);
    const channel = randomUUID();
    const { room: alice, hostPort } = await join(first.url, channel);
    const { room: bob, hostPort: bobsHost } = await join(second.url, channel);
    expect(bob.roomId).toBe(alice.roomId);
    // One of the two asked a process that does not host the room and was sent to the one that does.
    expect(bobsHost).toBe(hostPort);
    expect([first.port, second.port]).toContain(hostPort);

    const bobHears = nextSaid(bob);
    const aliceHearsHerself = nextSaid(alice);
    alice.send('say', 'from the first process');
    expect(await bobHears).toEqual({ from: alice.sessionId, text: 'from the first process' });
    await aliceHearsHerself;
    const aliceHears = nextSaid(alice);
    bob.send('say', 'from the second process');
    expect(await aliceHears).toEqual({ from: bob.sessionId, text: 'from the second process' });

    const { room: other } = await join(second.url, randomUUID());
    expect(other.roomId).not.toBe(alice.roomId);
  });

  it('re-creates a room on the live process when the one hosting it was killed', async () => {
    const processes = await Promise.all([startProcess(started), startProcess(started)]);
    const channel = randomUUID();
    const { room: alice, hostPort } = await join(processes[0].url, channel);
    const host = processes.find((process) => process.port === hostPort)!;
    const live = processes.find((process) => process !== host)!;

    const exited = once(host.child, 'exit');
    host.child.kill('SIGKILL');
    await exited;
    // Colyseus finds the dead process's room in Redis, fails to reach it, health-checks the
    // process, drops its rooms and creates the room anew on the live one.
    const { room: carol, hostPort: newHost } = await join(live.url, channel);
    expect(newHost).toBe(live.port);
    expect(carol.roomId).not.toBe(alice.roomId);
    const hears = nextSaid(carol);
    carol.send('say', 'still here');
    expect(await hears).toEqual({ from: carol.sessionId, text: 'still here' });
  });
});
