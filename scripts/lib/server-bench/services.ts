/**
 * PostgreSQL and Redis for the scenarios that need them (several server processes share one
 * database and one Redis): the ones given in the environment, else throwaway ones started by
 * scripts/ci-services.sh in a directory of our own (not the tests' default one, which another
 * run may be using) and stopped at the end.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Services {
  databaseUrl?: string;
  redisUrl?: string;
  /** What was started here, e.g. "PostgreSQL and Redis by scripts/ci-services.sh". */
  started: string[];
  stop(): void;
}

export function provideServices(root: string, want: { database: boolean; redis: boolean }, env = process.env): Services {
  const given = (...names: string[]) => names.map((n) => env[n]?.trim()).find((v) => v);
  const services: Services = { databaseUrl: given('DATABASE_URL', 'TEST_DATABASE_URL'), redisUrl: given('REDIS_URL', 'TEST_REDIS_URL'), started: [], stop: () => undefined };
  if ((!want.database || services.databaseUrl) && (!want.redis || services.redisUrl)) return services;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-server-services-'));
  // initdb runs as the postgres user when we are root: it must get through this directory.
  chmodSync(dir, 0o755);
  const script = path.join(root, 'scripts/ci-services.sh');
  const run = (command: string) => execFileSync('bash', [script, command], { env: { ...env, CI_SERVICES_DIR: dir }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  let stopped = false;
  services.stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run('stop');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    const exports = run('start');
    const value = (name: string) => new RegExp(`^export ${name}=(.*)$`, 'm').exec(exports)?.[1];
    if (want.database && !services.databaseUrl && value('TEST_DATABASE_URL')) {
      services.databaseUrl = value('TEST_DATABASE_URL');
      services.started.push('PostgreSQL');
    }
    if (want.redis && !services.redisUrl && value('TEST_REDIS_URL')) {
      services.redisUrl = value('TEST_REDIS_URL');
      services.started.push('Redis');
    }
  } catch (error) {
    services.stop();
    throw error;
  }
  return services;
}
