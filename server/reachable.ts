/**
 * Whether a service's host answers at all, asked once before start-up. ioredis retries an
 * unreachable Redis forever, so without this a wrong REDIS_URL is a server that never starts
 * and prints a connection error a second; with it, it is one line naming the variable.
 */
import { connect } from 'node:net';

/** Why nothing accepts a TCP connection at `url`'s host and port (`defaultPort` when it names none), or null when something does. */
export function unreachable(url: string, defaultPort: number, timeoutMs = 5000): Promise<string | null> {
  const { hostname, port } = new URL(url);
  // URL keeps IPv6 literals bracketed; net.connect wants them bare.
  const host = hostname.replace(/^\[(.*)\]$/, '$1') || 'localhost';
  const where = `${hostname || 'localhost'}:${port || defaultPort}`;
  return new Promise((resolve) => {
    const socket = connect({ host, port: Number(port || defaultPort) });
    const done = (reason: string | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(reason);
    };
    const timer = setTimeout(() => done(`${where} did not answer within ${timeoutMs / 1000} s`), timeoutMs);
    socket.once('connect', () => done(null));
    socket.once('error', (error: NodeJS.ErrnoException) => done(`cannot reach ${where} (${error.code ?? error.message})`));
  });
}
