// A TCP relay in front of the test PostgreSQL server that can cut the network: the outage tests
// of the server (Playwright) and of the content bridge (Vitest) use it. No test runner imported.
import net from "node:net";
import { TEST_DATABASE_URL } from "./postgres.ts";

export type PostgresRelay = {
  /** The given database URL, through this relay. */
  urlFor(databaseUrl: string): string;
  /** Drops every open connection; new ones are reset at once until `restore`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
};

/** Listens on `port` of 127.0.0.1 (0: any free port) and relays to the test server. */
export async function startPostgresRelay(port = 0, target = new URL(TEST_DATABASE_URL)): Promise<PostgresRelay> {
  const sockets = new Set<net.Socket>();
  let reachable = true;
  const server = net.createServer((socket) => {
    if (!reachable) return void socket.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const end of [socket, upstream]) {
      sockets.add(end);
      end.on("close", () => sockets.delete(end));
      end.on("error", () => {});
    }
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const { port: listening } = server.address() as net.AddressInfo;
  return {
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.host = `127.0.0.1:${listening}`;
      return url.href;
    },
    cut() {
      reachable = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      reachable = true;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
