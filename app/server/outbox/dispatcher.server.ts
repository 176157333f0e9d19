import type { Database } from "../db/schema.server";
import type { Logger } from "../logger.server";
import {
  claimDue,
  markAttemptFailed,
  markDelivered,
  messageOf,
  purgeDelivered,
  type OutboxEntry,
} from "./entries.server";
import type { OutboxKind, OutboxMessage } from "./messages.server";

/**
 * Delivers the outbox (decision 029): a command's own entries as soon as it commits, and every
 * POLL_MS whatever is due (entries a crashed or busy instance left, retries after a failure).
 * At least once: an entry is marked delivered only after its delivery succeeded, so a process
 * killed in between delivers it again after its claim runs out. At most once in effect: each
 * delivery is safe to repeat (a content event) or carries the entry's id (a mail's Message-ID).
 */

/** One kind's delivery; throws (or rejects) when it did not happen. */
export type Delivery<K extends OutboxKind> = (
  message: Extract<OutboxMessage, { kind: K }>,
  entry: Pick<OutboxEntry, "id">,
) => Promise<void> | void;

export type Deliveries = { [K in OutboxKind]?: Delivery<K> };

export type DispatcherOptions = {
  db: Database;
  deliveries: Deliveries;
  logger?: Pick<Logger, "error" | "warn">;
  /** The clock (tests move it); the real time otherwise. */
  now?: () => Date;
  /** How long a claim holds: longer than any one delivery takes (a mail times out within 40 s). */
  leaseMs?: number;
  pollMs?: number;
  /** Attempts before an entry is given up on and listed for the admins. */
  maxAttempts?: number;
};

export const OUTBOX_DEFAULTS = { leaseMs: 60_000, pollMs: 5_000, maxAttempts: 10 } as const;
const BATCH = 50;
const FIRST_RETRY_MS = 10_000;
const MAX_RETRY_MS = 60 * 60 * 1000;
/** Delivered entries are kept this long, then purged at a poll. */
const KEEP_DELIVERED_MS = 7 * 24 * 60 * 60 * 1000;

/** The wait before attempt n + 1 after n failures: 10 s, doubling, at most an hour. */
export function retryDelayMs(failures: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS);
}

/** An error as the admins' list shows it: its message, without the addresses mail servers quote. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/[^\s<>"']+@[^\s<>"']+/g, "(address)") || "delivery failed";
}

export type Dispatcher = {
  readonly leaseMs: number;
  /**
   * Delivers a command's own entries, just committed (claimed by this instance when written).
   * Content events before it resolves, so the next page read is fresh; the rest (mail) after,
   * so a slow mail server never holds up the answer to the person who made the change.
   */
  deliverOwn(entries: readonly OwnEntry[]): Promise<void>;
  /** Resolves once the deliveries started so far have ended (tests, shutdown). */
  settled(): Promise<void>;
  /** Claims and delivers what is due; how many it delivered. */
  deliverDue(): Promise<number>;
  /** Polls every pollMs until stop(). */
  start(): void;
  stop(): Promise<void>;
};

/** An entry a command wrote, delivered without reading it back. */
export type OwnEntry = { id: string; message: OutboxMessage };

export function createDispatcher({
  db,
  deliveries,
  logger,
  now = () => new Date(),
  leaseMs = OUTBOX_DEFAULTS.leaseMs,
  pollMs = OUTBOX_DEFAULTS.pollMs,
  maxAttempts = OUTBOX_DEFAULTS.maxAttempts,
}: DispatcherOptions): Dispatcher {
  const kinds = Object.keys(deliveries) as OutboxKind[];

  // Marking delivered is batched: entries delivered while a mark is being written go in the
  // next one, so a burst of commands costs a few writes, not one each.
  let toMark: string[] = [];
  let marking: Promise<void> | undefined;
  const flushMarks = (): Promise<void> => {
    if (marking) return marking;
    if (toMark.length === 0) return Promise.resolve();
    marking = (async () => {
      try {
        while (toMark.length > 0) {
          const ids = toMark;
          toMark = [];
          try {
            await markDelivered(db, ids, now());
          } catch (error) {
            // Delivered again once their claim runs out: at least once still holds.
            logger?.error({ err: error, entries: ids.length }, "outbox: marking entries delivered failed");
          }
        }
      } finally {
        marking = undefined;
      }
    })();
    return marking;
  };

  async function deliverOne(entry: Pick<OutboxEntry, "id" | "attempts">, message: OutboxMessage): Promise<boolean> {
    const delivery = deliveries[message.kind] as Delivery<OutboxKind> | undefined;
    if (!delivery) return false;
    try {
      await delivery(message, entry);
      toMark.push(entry.id);
      return true;
    } catch (error) {
      const failures = entry.attempts + 1;
      const at = now();
      const retryAt = failures >= maxAttempts ? null : new Date(at.getTime() + retryDelayMs(failures));
      const text = errorText(error);
      logger?.warn({ kind: message.kind, attempts: failures, reason: text }, "outbox: delivery failed");
      try {
        await markAttemptFailed(db, entry, text, { now: at, retryAt });
      } catch (markError) {
        logger?.error({ err: markError }, "outbox: recording a failed delivery failed");
      }
      return false;
    }
  }

  const background = new Set<Promise<void>>();
  const deliverAll = async (entries: readonly OwnEntry[]) => {
    for (const { id, message } of entries) {
      if (deliveries[message.kind]) await deliverOne({ id, attempts: 0 }, message);
    }
    await flushMarks();
  };

  async function deliverOwn(entries: readonly OwnEntry[]): Promise<void> {
    const later = entries.filter((entry) => entry.message.kind !== "content-changed");
    if (later.length > 0) {
      const delivering: Promise<void> = deliverAll(later)
        .catch((error: unknown) => logger?.error({ err: error }, "outbox: delivering a command's entries failed"))
        .finally(() => background.delete(delivering));
      background.add(delivering);
    }
    await deliverAll(entries.filter((entry) => entry.message.kind === "content-changed"));
  }

  async function settled(): Promise<void> {
    while (background.size > 0) await Promise.all(background);
  }

  let lastPurge = 0;
  async function deliverDue(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const claimed = await claimDue(db, kinds, { now: now(), leaseMs, limit: BATCH });
      for (const entry of claimed) if (await deliverOne(entry, messageOf(entry))) delivered += 1;
      await flushMarks();
      if (claimed.length < BATCH) break;
    }
    const at = now().getTime();
    if (at - lastPurge > KEEP_DELIVERED_MS / 7) {
      lastPurge = at;
      await purgeDelivered(db, new Date(at - KEEP_DELIVERED_MS));
    }
    return delivered;
  }

  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<unknown> | undefined;
  const poll = () => {
    polling ??= deliverDue()
      .catch((error: unknown) => logger?.error({ err: error }, "outbox: delivering due entries failed"))
      .finally(() => (polling = undefined));
    return polling;
  };
  return {
    leaseMs,
    deliverOwn,
    settled,
    deliverDue,
    start() {
      void poll();
      timer = setInterval(() => void poll(), pollMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await polling;
      await settled();
      await flushMarks();
    },
  };
}
