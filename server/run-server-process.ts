/**
 * What `npm run server` does around startServer: settings from the environment, the
 * repository opened, one line for anything a person must fix (a bad variable, a port in use,
 * an unreachable database), and a graceful stop on SIGINT / SIGTERM, so the rooms flush their
 * edits and the database closes cleanly. main.ts only names the repository and the rooms.
 */
import type { Server } from '@colyseus/core';
import { ConfigError, parseServerConfig, type ServerConfig } from './config';
import { StartError, startServer } from './start-server';
import type { WorldRepository } from './storage/world-repository';

export interface ServerProcessOptions {
  openRepository: (config: ServerConfig) => Promise<WorldRepository>;
  defineRooms: (server: Server, repository: WorldRepository, config: ServerConfig) => void;
  /** See StartServerOptions.maxFrameBytes. */
  maxFrameBytes?: number;
}

/** The process around the server; tests hand in their own. */
export interface ProcessHooks {
  env: Readonly<Record<string, string | undefined>>;
  onSignal: (signal: 'SIGINT' | 'SIGTERM', listener: () => void) => void;
  exit: (code: number) => void;
  log: (line: string) => void;
  error: (line: string) => void;
}

export const DEFAULT_PROCESS_HOOKS: ProcessHooks = {
  env: process.env,
  onSignal: (signal, listener) => process.on(signal, listener),
  exit: (code) => process.exit(code),
  log: (line) => console.log(line),
  error: (line) => console.error(line),
};

const NAME = 'voxel server';

/** Starts the server and stops it on a signal; resolves once it is serving or has failed (exit code set). */
export async function runServerProcess(options: ServerProcessOptions, hooks: ProcessHooks = DEFAULT_PROCESS_HOOKS): Promise<void> {
  let config: ServerConfig;
  let repository: WorldRepository;
  try {
    config = parseServerConfig(hooks.env);
  } catch (error) {
    return fail(hooks, error);
  }
  try {
    repository = await options.openRepository(config);
  } catch (error) {
    return fail(hooks, error, config.databaseUrl ? 'cannot open the database at DATABASE_URL' : `cannot open the database in ${config.dataDir}`);
  }
  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    const defineRooms = (server: Server) => options.defineRooms(server, repository, config);
    running = await startServer({ config, repository, defineRooms, maxFrameBytes: options.maxFrameBytes });
  } catch (error) {
    return fail(hooks, error);
  }

  hooks.log(`${NAME}: http://localhost:${running.port}/ (${describe(config, running.port)})`);
  let stopping = false;
  const stop = (signal: string) => {
    // A second Ctrl+C means "now": the first one's shutdown may be waiting on a stuck client.
    if (stopping) return hooks.exit(1);
    stopping = true;
    hooks.log(`${NAME}: ${signal}, closing the rooms and the database (again to force)`);
    running.close().then(
      () => hooks.exit(0),
      (error: unknown) => fail(hooks, error, 'shutdown failed'),
    );
  };
  hooks.onSignal('SIGINT', () => stop('SIGINT'));
  hooks.onSignal('SIGTERM', () => stop('SIGTERM'));
}

function describe(config: ServerConfig, port: number): string {
  const database = config.databaseUrl ? 'PostgreSQL at DATABASE_URL' : `embedded database in ${config.dataDir}`;
  // The address other processes send players to (startServer's default with Redis).
  const matchmaking = config.redisUrl ? `shared through Redis, reached at ${config.publicAddress ?? `localhost:${port}`}` : 'this process alone';
  return `${database}; rooms: ${matchmaking}`;
}

/** One line for what a person must fix; the whole error for anything else, which is a bug. */
function fail(hooks: ProcessHooks, error: unknown, context?: string): void {
  const known = error instanceof ConfigError || error instanceof StartError;
  const text = known ? error.message : error instanceof Error ? (context ? firstLine(error.message) : (error.stack ?? error.message)) : String(error);
  hooks.error(`${NAME}: ${context ? `${context}: ` : ''}${text}`);
  hooks.exit(1);
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0]!;
}
