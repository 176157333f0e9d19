import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import {
  type ContentAction,
  type ContentChange,
  type ContentCollection,
  type ContentListener,
  notifyContentChanged,
  onContentChanged,
} from "./content-events.server";
import type { Database } from "./db/schema.server";
import type { Logger } from "./logger.server";

/**
 * Instances share nothing but PostgreSQL and the object store, so a change committed on one
 * reaches the others (their render caches, their admins' live updates) through LISTEN/NOTIFY.
 * NOTIFY is scoped to a database; the channel also names the schema, so deployments (and
 * tests) that share a database in separate schemas do not hear each other.
 */
export type ContentBridge = {
  /** Whether the listening connection is up (changes from other instances arrive). */
  isListening(): boolean;
  close(): Promise<void>;
};

export type ContentBridgeOptions = {
  db: Database;
  /** Where the dedicated listening connection goes: the app's own DATABASE_URL. */
  connection: pg.ClientConfig;
  logger: Logger;
  /** Reconnection delays: doubled after each failure, up to the maximum. */
  retryDelayMs?: { initial: number; max: number };
  /** This process's change events (tests give each simulated instance its own). */
  local?: { notify(change: ContentChange): void; subscribe(listener: ContentListener): () => void };
};

const COLLECTIONS: readonly ContentCollection[] = ["rides", "heroSlides", "featuredRide", "config", "stats"];
const ACTIONS: ReadonlySet<string> = new Set<ContentAction>(["created", "updated", "deleted", "reordered", "replaced"]);

type Message = { instance: string; change: ContentChange };

function parseMessage(payload: string | undefined): Message | null {
  try {
    const value = JSON.parse(payload ?? "") as Partial<Message>;
    const change = value.change;
    if (typeof value.instance !== "string" || !change) return null;
    if (!COLLECTIONS.includes(change.collection) || !ACTIONS.has(change.action)) return null;
    if (change.id !== null && typeof change.id !== "string") return null;
    return {
      instance: value.instance,
      change: { collection: change.collection, id: change.id, action: change.action },
    };
  } catch {
    return null;
  }
}

function publish(db: Database, channel: string, message: Message): Promise<unknown> {
  return sql`select pg_notify(${channel}, ${JSON.stringify(message)})`.execute(db);
}

/**
 * For a process that changes content without serving it (npm run content:import): its
 * changes are published to the running instances too. Call the returned function before
 * closing the database; it waits for the last notification to be sent.
 */
export async function publishContentChanges(db: Database): Promise<() => Promise<void>> {
  const channel = await channelFor(db);
  const instance = randomUUID();
  const sent: Promise<unknown>[] = [];
  const unsubscribe = onContentChanged((change) => void sent.push(publish(db, channel, { instance, change })));
  return async () => {
    unsubscribe();
    await Promise.allSettled(sent);
  };
}

export async function channelFor(db: Database): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return `roadbook_content:${rows[0]?.schema ?? "public"}`.slice(0, 63);
}

/**
 * Publishes every local change with NOTIFY and re-emits every other instance's change
 * locally. The listening connection reconnects by itself, with backoff, whenever it drops.
 */
export async function startContentBridge(options: ContentBridgeOptions): Promise<ContentBridge> {
  const { db, logger } = options;
  const local = options.local ?? { notify: notifyContentChanged, subscribe: onContentChanged };
  const retry = options.retryDelayMs ?? { initial: 250, max: 10_000 };
  const instance = randomUUID();
  const channel = await channelFor(db);

  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let failures = 0;
  let everListened = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  // Emitting is synchronous: while a remote change is re-emitted, the local subscriber below
  // sees it too and must not publish it back (two instances would echo it forever).
  let relaying = false;

  const unsubscribe = local.subscribe((change) => {
    if (relaying || closed) return;
    publish(db, channel, { instance, change }).catch((error: unknown) => {
      logger.warn({ err: error, change }, "could not tell the other instances about a content change");
    });
  });

  function emitLocally(changes: ContentChange[]): void {
    relaying = true;
    try {
      for (const change of changes) local.notify(change);
    } finally {
      relaying = false;
    }
  }

  function relay(payload: string | undefined): void {
    const message = parseMessage(payload);
    if (!message) logger.warn({ channel }, "ignored a malformed content notification");
    else if (message.instance !== instance) emitLocally([message.change]);
  }

  /** Tells local listeners that anything may have changed: what was sent while deaf is lost. */
  function relayUnknownChanges(): void {
    emitLocally(COLLECTIONS.map((collection) => ({ collection, id: null, action: "replaced" })));
  }

  function lost(cause?: Error): void {
    if (closed || client === undefined) return;
    const dropped = client;
    client = undefined;
    dropped.removeAllListeners();
    // A late error from the dropped connection must not become an uncaught exception.
    dropped.on("error", () => {});
    dropped.end().catch(() => {});
    if (listening) {
      listening = false;
      logger.warn({ err: cause }, "lost the content notification connection; reconnecting");
      relayUnknownChanges();
    }
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closed || reconnectTimer) return;
    const delay = Math.min(retry.max, retry.initial * 2 ** failures);
    failures += 1;
    // Jitter keeps a fleet of instances from reconnecting in lockstep after an outage.
    reconnectTimer = setTimeout(
      () => {
        reconnectTimer = undefined;
        void connect();
      },
      delay * (0.75 + Math.random() * 0.5),
    );
    reconnectTimer.unref();
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client({ connectionTimeoutMillis: 5_000, keepAlive: true, ...options.connection });
    client = next;
    next.on("notification", (message) => {
      if (message.channel === channel) relay(message.payload);
    });
    next.on("error", (error) => lost(error));
    next.on("end", () => lost());
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      if (client === next) {
        logger.warn({ err: error, attempt: failures + 1 }, "could not listen for content notifications");
        lost(error instanceof Error ? error : undefined);
      }
      return;
    }
    if (closed || client !== next) return;
    listening = true;
    failures = 0;
    if (everListened) {
      logger.info("content notification connection restored");
      relayUnknownChanges();
    }
    everListened = true;
  }

  await connect();
  if (!listening)
    logger.warn("starting without content notifications from other instances; retrying in the background");

  return {
    isListening: () => listening,
    close: async () => {
      closed = true;
      unsubscribe();
      clearTimeout(reconnectTimer);
      const last = client;
      client = undefined;
      listening = false;
      if (last) {
        last.removeAllListeners();
        last.on("error", () => {});
        await last.end().catch(() => {});
      }
    },
  };
}
