import { connect } from "node:net";

// A client that speaks HTTP/1.1 byte by byte, for the tests of the HTTP shell: what fetch
// would refuse to send (a bad Host, an absolute-form target, `*`) and what it would hide
// (two requests on one connection, a reset).

export type RawExchange = {
  /** The status line of each response received, in order. */
  statusLines: string[];
  /** Everything received. */
  text: string;
  /** The connection ended with a reset (or another socket error) rather than a close. */
  reset: boolean;
};

/** Sends `chunks` on one connection (each awaited when the socket asks for a pause) and reads until it closes. */
export function exchange(port: number, chunks: (string | Buffer)[], timeoutMs = 10_000): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    let reset = false;
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on("data", (data) => (text += data.toString("latin1")));
    socket.on("error", () => (reset = true));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ statusLines: text.match(/HTTP\/1\.[01] \d{3}[^\r\n]*/g) ?? [], text, reset });
    });
    const write = async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        if (!socket.write(chunk)) await new Promise((drain) => socket.once("drain", drain));
      }
    };
    void write();
  });
}

/** A chunked body of `bytes` bytes, in 64 KiB chunks, with its terminating chunk. */
export function chunkedBody(bytes: number): Buffer[] {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const pieces: Buffer[] = [];
  for (let sent = 0; sent < bytes; sent += chunk.length) {
    const size = Math.min(chunk.length, bytes - sent);
    pieces.push(Buffer.from(`${size.toString(16)}\r\n`), chunk.subarray(0, size), Buffer.from("\r\n"));
  }
  pieces.push(Buffer.from("0\r\n\r\n"));
  return pieces;
}
