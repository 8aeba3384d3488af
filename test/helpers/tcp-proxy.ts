import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy on loopback in front of a real server, to cut the line between the gateway and its
 * database as a network failure or a failover would: `cut()` drops every open connection,
 * `block()` refuses new ones until `unblock()`.
 */
export interface TcpProxy {
  port: number;
  cut(): void;
  block(): void;
  unblock(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let blocked = false;
  const server = net.createServer((client) => {
    if (blocked) return void client.destroy();
    const upstream = net.connect(target.port, target.host);
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cut = () => {
    for (const s of open) s.destroy();
    open.clear();
  };
  return {
    port: (server.address() as AddressInfo).port,
    cut,
    block: () => void (blocked = true),
    unblock: () => void (blocked = false),
    close: () =>
      new Promise<void>((resolve) => {
        cut();
        server.close(() => resolve());
      }),
  };
}
