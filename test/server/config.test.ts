import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_SERVER_CONFIG, parseServerConfig } from '../../server/config';

/** The ConfigError `env` gives, or fails the test when there is none. */
function errorOf(env: Record<string, string>): ConfigError {
  try {
    parseServerConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`no ConfigError for ${JSON.stringify(env)}`);
}

describe('parseServerConfig', () => {
  it('gives the defaults for an empty environment, and for empty values', () => {
    expect(parseServerConfig({})).toEqual({ port: 2567, dataDir: './data', staticDir: './dist' });
    expect(parseServerConfig({ PORT: '', DATA_DIR: ' ', DATABASE_URL: '', REDIS_URL: '', PUBLIC_ADDRESS: '' })).toEqual(DEFAULT_SERVER_CONFIG);
  });

  it('reads every variable', () => {
    expect(
      parseServerConfig({
        PORT: '8080',
        DATA_DIR: '/var/lib/voxel',
        STATIC_DIR: '/srv/voxel',
        DATABASE_URL: 'postgresql://voxel:secret@db.internal:5432/voxel',
        REDIS_URL: 'rediss://cache.internal:6380/2',
        PUBLIC_ADDRESS: 'eu1.example.com:8080/',
      }),
    ).toEqual({
      port: 8080,
      dataDir: '/var/lib/voxel',
      staticDir: '/srv/voxel',
      databaseUrl: 'postgresql://voxel:secret@db.internal:5432/voxel',
      redisUrl: 'rediss://cache.internal:6380/2',
      publicAddress: 'eu1.example.com:8080',
    });
    expect(parseServerConfig({ DATABASE_URL: 'postgres:///voxel?host=/run/postgresql', REDIS_URL: 'redis://localhost' })).toMatchObject({
      databaseUrl: 'postgres:///voxel?host=/run/postgresql',
      redisUrl: 'redis://localhost',
    });
  });

  it('accepts the whole port range and nothing outside it', () => {
    expect(parseServerConfig({ PORT: '1' }).port).toBe(1);
    expect(parseServerConfig({ PORT: '65535' }).port).toBe(65535);
    for (const port of ['0', '65536', '99999', '-1', '80.5', '1e3', '0x50', 'abc', '80 80']) {
      expect(errorOf({ PORT: port }).message).toBe(`PORT=${port}: must be a whole number 1..65535`);
    }
  });

  it('names the variable and the problem on one line, without echoing a URL that may hold a password', () => {
    const cases: [Record<string, string>, string][] = [
      [{ DATABASE_URL: 'mysql://root:hunter2@db/voxel' }, 'DATABASE_URL: must start with postgres:// or postgresql://, e.g. '],
      [{ DATABASE_URL: 'hunter2:root at db' }, 'DATABASE_URL: must start with postgres:// or postgresql://, e.g. '],
      [{ DATABASE_URL: 'root@hunter2 at db' }, 'DATABASE_URL: not a URL; expected postgres:// or postgresql://'],
      [{ REDIS_URL: 'http://user:hunter2@cache:6379' }, 'REDIS_URL: must start with redis:// or rediss://, e.g. '],
      [{ REDIS_URL: '//hunter2' }, 'REDIS_URL: not a URL; expected redis:// or rediss://'],
    ];
    for (const [env, start] of cases) {
      const { message } = errorOf(env);
      expect(message.startsWith(start), message).toBe(true);
      expect(message).not.toContain('hunter2');
      expect(message).not.toContain('\n');
    }
  });

  it('wants a public address without a scheme, user or query', () => {
    for (const address of ['http://game.example.com', 'game example.com', 'user@game.example.com', 'game.example.com?x=1', 'game.example.com:99999']) {
      expect(errorOf({ PUBLIC_ADDRESS: address }).message).toMatch(/^PUBLIC_ADDRESS=.*: must be host\[:port\]\[\/path\] without a scheme/);
    }
    expect(parseServerConfig({ PUBLIC_ADDRESS: '10.0.0.7:2567/p1' }).publicAddress).toBe('10.0.0.7:2567/p1');
  });

  it('takes a player limit per world of 1..1000', () => {
    expect(parseServerConfig({ MAX_PLAYERS: '250' }).maxPlayers).toBe(250);
    expect(parseServerConfig({}).maxPlayers).toBeUndefined();
    for (const count of ['0', '1001', '-5', '2.5', 'many']) {
      expect(errorOf({ MAX_PLAYERS: count }).message).toBe(`MAX_PLAYERS=${count}: must be a whole number 1..1000`);
    }
  });

  it('keeps an echoed value on one short line', () => {
    const { message } = errorOf({ PORT: `12\n${'9'.repeat(100)}` });
    expect(message).not.toContain('\n');
    expect(message.length).toBeLessThan(100);
  });
});
