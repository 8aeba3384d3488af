import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '../../src/lib/db/index.ts';
import { migrate } from '../../src/lib/db/migrate.ts';
import { createScratchDatabase } from './processes.ts';

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

/**
 * A new, migrated scratch database on the PostgreSQL server of `baseUrl`, reached through a TCP
 * proxy: `url` goes through the proxy, so `proxy.block()` + `proxy.cut()` make an outage.
 */
export async function scratchDatabaseBehindProxy(
  baseUrl: string,
  prefix: string,
): Promise<{ url: string; proxy: TcpProxy; drop(): Promise<void> }> {
  const scratch = await createScratchDatabase(baseUrl, prefix);
  const direct = await openDatabase({ databaseUrl: scratch.url, poolSize: 1 });
  await migrate(direct.db);
  await direct.close();
  const target = new URL(scratch.url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(scratch.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  return {
    url: viaProxy.toString(),
    proxy,
    async drop() {
      await proxy.close();
      await scratch.drop();
    },
  };
}
