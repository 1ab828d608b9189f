// #48 A TCP relay in front of the test PostgreSQL that a test can cut and restore, as a network
// partition or a database restart looks to the server: while cut, open connections are reset and
// new ones are closed at once; restored, it relays again.
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpCut {
  port: number;
  cut: () => void;
  restore: () => void;
  close: () => Promise<void>;
}

export async function tcpCut(targetHost: string, targetPort: number): Promise<TcpCut> {
  let cut = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (cut) return client.destroy();
    const upstream = net.connect(targetPort, targetHost);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => { client.destroy(); upstream.destroy(); });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut: () => {
      cut = true;
      for (const s of open) s.destroy();
    },
    restore: () => { cut = false; },
    close: async () => {
      for (const s of open) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
