/**
 * One server process: an HTTP server that serves the built client, answers Colyseus's
 * matchmaking and carries the rooms' WebSockets, all on one port. With a Redis it joins the
 * other processes sharing that Redis: matchmaking and presence go through it, so any process
 * can place a player in a room any other one hosts.
 *
 * Colyseus keeps its matchmaker in module state, so a process runs one server at a time.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LocalDriver, LocalPresence, Server, type MatchMakerDriver, type Presence } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { WebSocketTransport } from '@colyseus/ws-transport';
import type { ServerConfig } from './config';
import { unreachable } from './reachable';
import { shareApi } from './share-api';
import { serveStaticFiles } from './static-files';
import type { WorldRepository } from './storage/world-repository';

export interface StartServerOptions {
  config: ServerConfig;
  /** Handed over: close() disposes it, after the rooms (which write to it) are gone. */
  repository: WorldRepository;
  /** Registers the room types, e.g. `server.define('world', WorldRoom, { repository }).filterBy(['worldId'])`. */
  defineRooms: (server: Server) => void;
  /**
   * The largest WebSocket frame read at all; a larger one closes the socket (1009) before it is
   * decoded. Unset: Colyseus's 4 KiB. The rooms' own message limits sit below it.
   */
  maxFrameBytes?: number;
}

export interface RunningServer {
  /** The port listened on (the one asked for, or the one the OS picked for 0). */
  port: number;
  /** Disposes the rooms (they flush what they hold), leaves Redis, closes the port, disposes the repository. Safe to call twice. */
  close(): Promise<void>;
}

/** A port already taken and the like: said in one line, like a bad setting. */
export class StartError extends Error {
  override name = 'StartError';
}

export async function startServer({ config, repository, defineRooms, maxFrameBytes }: StartServerOptions): Promise<RunningServer> {
  const redisProblem = config.redisUrl === undefined ? null : await unreachable(config.redisUrl, 6379);
  if (redisProblem !== null) {
    await repository.dispose();
    throw new StartError(`REDIS_URL: ${redisProblem}`);
  }
  let port: number;
  try {
    port = await probePort(config.port);
  } catch (error) {
    await repository.dispose();
    throw cannotListen(config.port, error);
  }
  const httpServer = createServer();
  const transport = new WebSocketTransport({ server: httpServer, maxPayload: maxFrameBytes });
  const { presence, driver } = matchmakingStore(config.redisUrl);
  const serveClient = serveStaticFiles({ root: config.staticDir });
  const share = shareApi(repository);
  const server = new Server({
    transport,
    presence,
    driver,
    publicAddress: publicAddress(config, port),
    // Signals are main's to handle: a library that exits the process would skip the repository.
    gracefullyShutdown: false,
    greet: false,
    // Colyseus answers its own routes (matchmaking) and hands every other request to this app.
    express: (app) => {
      app.disable('x-powered-by');
      // Sharing a world (POST /api/worlds) first, then the game's files.
      app.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        if (!share(req, res)) next();
      });
      app.use(serveClient);
    },
  });
  defineRooms(server);

  const closeColyseus = async () => {
    const wasListening = httpServer.listening;
    const closed = new Promise((resolve) => httpServer.once('close', resolve));
    await server.gracefullyShutdown(false);
    // Colyseus closes the port itself unless its shutdown failed half-way (it logs that).
    if (httpServer.listening) httpServer.close();
    // A page still downloading would hold the port open (idle keep-alive ones close by themselves).
    httpServer.closeAllConnections();
    // 'close' comes once the last connection is gone, not when listening stops.
    if (wasListening) await closed;
  };

  try {
    // Colyseus's listen() never settles when the port is taken: it only sees errors after listening.
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      server.listen(port).then(() => {
        httpServer.removeListener('error', reject);
        resolve();
      }, reject);
    });
  } catch (error) {
    await closeColyseus().catch(() => undefined);
    await repository.dispose();
    throw cannotListen(port, error);
  }

  let closing: Promise<void> | undefined;
  return {
    port: (httpServer.address() as AddressInfo).port,
    close() {
      closing ??= (async () => {
        try {
          await closeColyseus();
        } finally {
          await repository.dispose();
        }
      })();
      return closing;
    },
  };
}

function cannotListen(port: number, error: unknown): StartError {
  const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return new StartError(`cannot listen on port ${port}: ${reason}`);
}

function matchmakingStore(redisUrl: string | undefined): { presence: Presence; driver: MatchMakerDriver } {
  if (redisUrl === undefined) return { presence: new LocalPresence(), driver: new LocalDriver() };
  return { presence: new RedisPresence(redisUrl), driver: new RedisDriver(redisUrl) };
}

/**
 * Where players are sent to reach a room of this process. Only with Redis: a room may then be
 * on another process than the one asked, and the seat reservation names this address. Alone,
 * players reconnect to the address they used, which is right behind any proxy.
 */
function publicAddress(config: ServerConfig, port: number): string | undefined {
  if (config.publicAddress !== undefined) return config.publicAddress;
  return config.redisUrl === undefined ? undefined : `localhost:${port}`;
}

/**
 * Listens on `port` for a moment and gives back the port it got. A port already taken is then
 * said in one line here, where Colyseus would print a stack trace first; and port 0 (tests)
 * turns into a number before start-up, since with Redis rooms advertise it from the start.
 * Another process could take the port in between: startServer still fails cleanly then.
 */
function probePort(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(port, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
