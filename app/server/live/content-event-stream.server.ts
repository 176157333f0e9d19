import { type ContentChange, contentVersion, onContentChanged } from "../content-events.server";

/** Proxies and load balancers drop a connection that stays silent for a minute or so. */
export const KEEP_ALIVE_MS = 25_000;
/** How soon a browser reconnects after the stream ends (a restart, a deploy). */
const RECONNECT_MS = 2_000;

type Subscribe = (listener: (change: ContentChange) => void) => () => void;

export type ContentEventStreamOptions = {
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  subscribe?: Subscribe;
  keepAliveMs?: number;
  /** The contentVersion() the page's data was loaded at: a change since is sent at once. */
  since?: string | null;
  version?: () => string;
};

const openStreams = new Set<() => void>();
let shutdownHookInstalled = false;

/**
 * A server-sent-events response that forwards every committed content change as a
 * `content` event until the client disconnects or the process shuts down.
 */
export function contentEventStream({
  signal,
  subscribe = onContentChanged,
  keepAliveMs = KEEP_ALIVE_MS,
  since = null,
  version = contentVersion,
}: ContentEventStreamOptions): Response {
  const encoder = new TextEncoder();
  let close = () => {};

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send = (chunk: string) => {
        if (!closed) controller.enqueue(encoder.encode(chunk));
      };
      const unsubscribe = subscribe((change) => send(`event: content\ndata: ${JSON.stringify(change)}\n\n`));
      const keepAlive = setInterval(() => send(": keep-alive\n\n"), keepAliveMs);
      close = () => {
        if (closed) return;
        closed = true;
        clearInterval(keepAlive);
        unsubscribe();
        openStreams.delete(close);
        signal.removeEventListener("abort", close);
        controller.close();
      };
      openStreams.add(close);
      signal.addEventListener("abort", close, { once: true });
      send(`retry: ${RECONNECT_MS}\n: connected\n\n`);
      // Changed between the page's load and this stream (or another instance answers): reload now.
      if (since !== null && since !== version()) send(`event: content\ndata: {"missed":true}\n\n`);
      if (signal.aborted) close();
    },
    cancel() {
      close();
    },
  });

  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression middleware from buffering events into gzip blocks.
      "Cache-Control": "no-cache, no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}

/** Ends every open stream; their browsers reconnect (to this instance once restarted, or another). */
export function closeContentEventStreams(): void {
  // Each close() removes itself from the set, which a Set's iterator allows.
  for (const close of openStreams) close();
}

export function openContentEventStreamCount(): number {
  return openStreams.size;
}

/**
 * server/main.ts shuts down on these signals by waiting for open responses to finish. An
 * event stream never finishes by itself, so each one ends on the same signals; otherwise every
 * open admin page would hold a shutdown until its time-out.
 */
export function endContentEventStreamsOnShutdown(): void {
  if (shutdownHookInstalled) return;
  shutdownHookInstalled = true;
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, closeContentEventStreams);
}
