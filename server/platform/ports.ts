// A free TCP port on loopback, so two servers (or a server and the tests) never collide. Its own
// module, without side effects: a Playwright spec imports it (server/db/embedded.ts registers exit hooks).
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
