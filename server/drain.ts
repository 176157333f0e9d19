// Graceful shutdown of the HTTP server: stop accepting, let every request already received
// finish, then let the connections go. Plain TypeScript with no imports of the app: server/main.ts
// runs it on Node's type stripping, outside the build.
import type { Server, ServerResponse } from "node:http";
import net from "node:net";

type Connection = { busy: boolean; served: number; response?: ServerResponse };

/** How long a connection that has sent nothing yet may take to send its request once draining. */
const FRESH_CONNECTION_GRACE_MS = 1_000;

export type Drain = {
  /**
   * Resolves true once every connection has closed, false when the grace period ran out and
   * the remaining ones were cut.
   */
  drain(graceMs: number): Promise<boolean>;
};

export function trackConnections(server: Server): Drain {
  const connections = new Map<net.Socket, Connection>();
  let draining = false;

  server.on("connection", (socket: net.Socket) => {
    connections.set(socket, { busy: false, served: 0 });
    socket.once("close", () => connections.delete(socket));
  });
  server.on("request", (req, res) => {
    const socket = req.socket;
    const connection = connections.get(socket);
    if (!connection) return;
    connection.busy = true;
    connection.response = res;
    if (draining) res.setHeader("Connection", "close");
    res.once("close", () => {
      connection.busy = false;
      connection.response = undefined;
      connection.served += 1;
      // Its response is out: nothing more comes through this connection while draining.
      if (draining) setImmediate(() => socket.end());
    });
  });

  /** Closes a connection that has not sent a byte of a request yet, checking again while it has begun one. */
  function closeWhenSilent(socket: net.Socket, connection: Connection): void {
    const timer = setTimeout(() => {
      // After the poll phase: data that arrived while the event loop was busy is read first.
      setImmediate(() => {
        if (connection.busy || connection.served > 0 || socket.destroyed) return;
        if (socket.bytesRead === 0) socket.destroy();
        else closeWhenSilent(socket, connection);
      });
    }, FRESH_CONNECTION_GRACE_MS);
    timer.unref();
  }

  return {
    drain: (graceMs) =>
      new Promise<boolean>((resolve) => {
        draining = true;
        const forced = setTimeout(() => {
          for (const socket of connections.keys()) socket.destroy();
          resolve(false);
        }, graceMs);
        forced.unref();
        // One turn of the event loop first: connections already waiting are accepted, not reset.
        setImmediate(() => {
          // net.Server's close, not http.Server's: the latter also drops every connection
          // without a request in progress, including new ones whose request is on its way,
          // which their clients would see reset.
          net.Server.prototype.close.call(server, () => {
            clearTimeout(forced);
            resolve(true);
          });
          for (const [socket, connection] of connections) {
            // Still answering: the client learns not to send another request on this connection.
            if (connection.response && !connection.response.headersSent)
              connection.response.setHeader("Connection", "close");
            if (connection.busy) continue;
            if (connection.served > 0) socket.destroy();
            else closeWhenSilent(socket, connection);
          }
        });
      }),
  };
}
