/**
 * One server process with the echo room, for the scale-out test (Colyseus's matchmaker is
 * module state: a second server needs a second process). Listens on a free port, shares
 * TEST_REDIS_URL, prints `{"port":…}` once serving, and closes on SIGTERM.
 */
import { DEFAULT_SERVER_CONFIG } from '../../server/config';
import { startServer } from '../../server/start-server';
import { EchoRoom, emptyRepository } from './echo-room';

const running = await startServer({
  config: { ...DEFAULT_SERVER_CONFIG, port: 0, staticDir: 'no-client-built', redisUrl: process.env.TEST_REDIS_URL },
  repository: emptyRepository(),
  defineRooms: (server) => server.define('echo', EchoRoom).filterBy(['channel']),
});
process.stdout.write(`${JSON.stringify({ port: running.port })}\n`);
process.once('SIGTERM', () => {
  running.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
