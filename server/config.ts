/**
 * The server's settings, read once from the environment at start-up. A bad value stops the
 * server with a one-line ConfigError naming the variable, not a stack trace from deep inside pg
 * or ioredis minutes later. URLs are never echoed back: they may carry a password.
 */

export interface ServerConfig {
  /** The one port for the game's files, matchmaking (HTTP) and rooms (WebSocket). 0 asks the OS for a free one (tests). */
  port: number;
  /** Where the embedded PGlite database lives when no DATABASE_URL is given. */
  dataDir: string;
  /** A PostgreSQL server instead of the embedded database. */
  databaseUrl?: string;
  /** A Redis shared by several server processes: matchmaking and presence go through it. */
  redisUrl?: string;
  /**
   * How browsers reach this process directly (host[:port][/path], no scheme). With Redis, a
   * player may ask one process for a room another hosts; the answer sends them here.
   */
  publicAddress?: string;
  /** The built client (`vite build`). */
  staticDir: string;
  /** Players one world's room takes at once; unset: the room's default (DEFAULT_WORLD_ROOM_OPTIONS). */
  maxPlayers?: number;
}

/** Defaults: one process, an embedded database in ./data, the client built into ./dist. */
export const DEFAULT_SERVER_CONFIG: Readonly<ServerConfig> = Object.freeze({
  port: 2567,
  dataDir: './data',
  staticDir: './dist',
});

/** A setting that cannot be used; its message is one line, fit to print as it is. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

/** The server's settings from `env` (process.env in main), defaults for what is unset or empty. */
export function parseServerConfig(env: Env): ServerConfig {
  const config: ServerConfig = { ...DEFAULT_SERVER_CONFIG };
  const port = value(env, 'PORT');
  if (port !== undefined) config.port = parsePort(port);
  const dataDir = value(env, 'DATA_DIR');
  if (dataDir !== undefined) config.dataDir = dataDir;
  const staticDir = value(env, 'STATIC_DIR');
  if (staticDir !== undefined) config.staticDir = staticDir;
  const databaseUrl = value(env, 'DATABASE_URL');
  if (databaseUrl !== undefined) {
    config.databaseUrl = checkUrl('DATABASE_URL', databaseUrl, ['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/database');
  }
  const redisUrl = value(env, 'REDIS_URL');
  if (redisUrl !== undefined) config.redisUrl = checkUrl('REDIS_URL', redisUrl, ['redis:', 'rediss:'], 'redis://host:6379');
  const maxPlayers = value(env, 'MAX_PLAYERS');
  if (maxPlayers !== undefined) config.maxPlayers = parseMaxPlayers(maxPlayers);
  const publicAddress = value(env, 'PUBLIC_ADDRESS');
  if (publicAddress !== undefined) config.publicAddress = parsePublicAddress(publicAddress);
  return config;
}

/** Unset and empty are the same: `PORT=` in a compose file or a shell means "the default". */
function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

function parsePort(raw: string): number {
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(port >= 1 && port <= 65535)) throw new ConfigError(`PORT=${oneLine(raw)}: must be a whole number 1..65535`);
  return port;
}

/** Above a thousand, one room's broadcasts would need more than one process can give (see bench:server). */
function parseMaxPlayers(raw: string): number {
  const count = /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(count >= 1 && count <= 1000)) throw new ConfigError(`MAX_PLAYERS=${oneLine(raw)}: must be a whole number 1..1000`);
  return count;
}

function checkUrl(name: string, raw: string, schemes: readonly string[], example: string): string {
  const expected = schemes.map((scheme) => `${scheme}//`).join(' or ');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name}: not a URL; expected ${expected}, e.g. ${example}`);
  }
  if (!schemes.includes(url.protocol)) {
    throw new ConfigError(`${name}: must start with ${expected}, e.g. ${example}`);
  }
  return raw;
}

function parsePublicAddress(raw: string): string {
  const problem = `PUBLIC_ADDRESS=${oneLine(raw)}: must be host[:port][/path] without a scheme, e.g. game.example.com:2567`;
  if (raw.includes('://') || /\s/.test(raw)) throw new ConfigError(problem);
  let url: URL;
  try {
    url = new URL(`http://${raw}`);
  } catch {
    throw new ConfigError(problem);
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') throw new ConfigError(problem);
  // The SDK appends /<process>/<room> itself, so a trailing slash would double it.
  return raw.replace(/\/+$/, '');
}

/** A value echoed in a message stays on its line and short, whatever was pasted into the variable. */
function oneLine(raw: string): string {
  const flat = JSON.stringify(raw).slice(1, -1);
  return flat.length > 40 ? `${flat.slice(0, 40)}…` : flat;
}
