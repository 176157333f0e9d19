import { replayableTransaction } from "../db/replayable-transaction.server";
import type { Database, Executor } from "../db/schema.server";
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
import { serverClock } from "../clock.server";
import { createTurns } from "../turns.server";

/**
 * Delivers the outbox (decision 029): a command's own entries as soon as it commits, and every
 * POLL_MS whatever is due (entries a crashed or busy instance left, retries after a failure).
 * At least once: an entry is marked delivered only after its delivery succeeded, so a process
 * killed in between delivers it again after its claim runs out. At most once in effect: each
 * delivery is safe to repeat (a content event) or carries the entry's id (a mail's Message-ID).
 */

/**
 * One kind's delivery; throws (or rejects) when it did not happen. What it returns (other than
 * undefined) is handed to its kind's `record`, if it has one.
 */
export type Delivery<K extends OutboxKind> = (
  message: Extract<OutboxMessage, { kind: K }>,
  entry: Pick<OutboxEntry, "id">,
) => Promise<unknown> | unknown;

/**
 * A delivery with hooks for the batches the dispatcher claims, for kinds sent many at once (a
 * message to every rider of a ride): one read for a batch instead of one per entry, and one
 * write for what the deliveries done together did, in the transaction that marks their entries
 * delivered.
 */
export type BatchedDelivery<K extends OutboxKind> = {
  deliver: Delivery<K>;
  /** Told the batch's messages of this kind before any of them is delivered. */
  prepare?: (messages: Extract<OutboxMessage, { kind: K }>[]) => void;
  /** Writes what the deliveries returned, in the transaction marking their entries delivered. */
  record?: (trx: Executor, results: unknown[], now: Date) => Promise<void>;
};

export type Deliveries = { [K in OutboxKind]?: Delivery<K> | BatchedDelivery<K> };

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
  /**
   * Deliveries other than content events under way at once, across commands and polls: a
   * message to every rider of a ride keeps the mailer's connections busy without opening more.
   */
  concurrency?: number;
};

export const OUTBOX_DEFAULTS = { leaseMs: 60_000, pollMs: 5_000, maxAttempts: 10, concurrency: 50 } as const;
const BATCH = 50;
/**
 * A command's entries delivered before it answers, the rest (mail) in the background: the pages
 * it changed are fresh on every instance, and a photo it took down is no longer served, once
 * the admin or rider is told it is done. A failure is retried by the polls, as any delivery's.
 */
const BEFORE_ANSWER: ReadonlySet<OutboxKind> = new Set(["content-changed", "images-removed"]);
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
  now = serverClock,
  leaseMs = OUTBOX_DEFAULTS.leaseMs,
  pollMs = OUTBOX_DEFAULTS.pollMs,
  maxAttempts = OUTBOX_DEFAULTS.maxAttempts,
  concurrency = OUTBOX_DEFAULTS.concurrency,
}: DispatcherOptions): Dispatcher {
  const kinds = Object.keys(deliveries) as OutboxKind[];
  const batchedOf = (kind: OutboxKind): BatchedDelivery<OutboxKind> | undefined => {
    const delivery = deliveries[kind] as Delivery<OutboxKind> | BatchedDelivery<OutboxKind> | undefined;
    return typeof delivery === "function" ? { deliver: delivery } : delivery;
  };

  // Each entry is marked delivered as soon as its delivery is done, not when its batch ends: a
  // process killed mid-batch repeats only the deliveries under way, never those done already.
  // Entries done while a mark is being written go in the next one, so a burst costs a few writes,
  // not one each. What their deliveries return for their kind's `record` is written in the same
  // transaction: if it fails, neither is written and the entries are delivered again (the same
  // Message-ID) once their claim runs out.
  let toMark: { id: string; kind: OutboxKind; result: unknown }[] = [];
  /** The mark being written, and the one that takes what is done meanwhile once it ends. */
  let writing: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const writeMarks = async (marks: typeof toMark): Promise<void> => {
    try {
      const at = now();
      const results = new Map<OutboxKind, unknown[]>();
      for (const { kind, result } of marks) {
        if (result === undefined || !batchedOf(kind)?.record) continue;
        if (!results.has(kind)) results.set(kind, []);
        results.get(kind)!.push(result);
      }
      const ids = marks.map((mark) => mark.id);
      // Replayable: lost in a power cut, the entries are delivered again, as after a crash.
      await replayableTransaction(db, async (trx) => {
        for (const [kind, each] of results) await batchedOf(kind)!.record!(trx, each, at);
        await markDelivered(trx, ids, at);
      });
    } catch (error) {
      // Delivered again once their claim runs out: at least once still holds.
      logger?.error({ err: error, entries: marks.length }, "outbox: marking entries delivered failed");
    }
  };
  /**
   * Resolves once the marks pushed so far are written: those waiting go in the next write,
   * which starts when the one under way ends. A caller waits for at most those two writes,
   * never for a burst's later marks (awaiting one loop until the queue ran dry held every
   * answer of a booking rush until the rush was over).
   */
  const flushMarks = (): Promise<void> => {
    if (toMark.length === 0) return writing ?? Promise.resolve();
    next ??= (async () => {
      await writing;
      next = undefined;
      const marks = toMark;
      toMark = [];
      writing = writeMarks(marks);
      try {
        await writing;
      } finally {
        writing = undefined;
      }
    })();
    return next;
  };

  async function deliverOne(entry: Pick<OutboxEntry, "id" | "attempts">, message: OutboxMessage): Promise<boolean> {
    const delivery = batchedOf(message.kind)?.deliver;
    if (!delivery) return false;
    try {
      const result = await delivery(message, entry);
      toMark.push({ id: entry.id, kind: message.kind, result });
      // Not awaited: the next delivery need not wait for this mark (its failures are logged).
      void flushMarks();
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

  /**
   * Delivers entries: content events one after another in their order (a page read after a
   * later one must not see an earlier one's cache), the rest (mail, each independent of the
   * others) a few at once. How many it delivered.
   */
  const slot = createTurns(concurrency);
  async function deliverEach(
    entries: readonly { entry: Pick<OutboxEntry, "id" | "attempts">; message: OutboxMessage }[],
    claimedUntil: (entry: Pick<OutboxEntry, "id">) => number,
  ): Promise<number> {
    let delivered = 0;
    const byKind = new Map<OutboxKind, OutboxMessage[]>();
    for (const { message } of entries) {
      if (!byKind.has(message.kind)) byKind.set(message.kind, []);
      byKind.get(message.kind)!.push(message);
    }
    for (const [kind, messages] of byKind) batchedOf(kind)?.prepare?.(messages);
    const one = async ({ entry, message }: (typeof entries)[number]) => {
      // An entry that waited its turn past half its claim is left for a later claim (here or on
      // another instance): started now, its delivery could outlast the claim and be repeated.
      if (claimedUntil(entry) - now().getTime() < leaseMs / 2) return;
      if (await deliverOne(entry, message)) delivered += 1;
    };
    const inOrder = async () => {
      for (const each of entries) if (each.message.kind === "content-changed") await one(each);
    };
    const independent = entries.filter((each) => each.message.kind !== "content-changed");
    await Promise.all([inOrder(), ...independent.map((each) => slot(() => one(each)))]);
    return delivered;
  }

  const background = new Set<Promise<void>>();
  const inBackground = (work: Promise<void>) => {
    const tracked: Promise<void> = work
      .catch((error: unknown) => logger?.error({ err: error }, "outbox: delivering a command's entries failed"))
      .finally(() => background.delete(tracked));
    background.add(tracked);
  };
  const deliverAll = async (entries: readonly OwnEntry[]) => {
    // Claimed for leaseMs by the command that just committed.
    const until = now().getTime() + leaseMs;
    await deliverEach(
      entries.map(({ id, message }) => ({ entry: { id, attempts: 0 }, message })),
      () => until,
    );
  };

  async function deliverOwn(entries: readonly OwnEntry[]): Promise<void> {
    const later = entries.filter((entry) => !BEFORE_ANSWER.has(entry.message.kind));
    if (later.length > 0) inBackground(deliverAll(later).then(flushMarks));
    await deliverAll(entries.filter((entry) => BEFORE_ANSWER.has(entry.message.kind)));
    // Their marks follow the answer: a mark needs a pooled connection, and in a booking rush
    // every connection is held by a registration waiting for the ride's lock, so awaiting it
    // held each answer until the rush was over. Unmarked, an entry is delivered again once its
    // claim runs out, which an in-process content event or a removed file's delete bears.
    inBackground(flushMarks());
  }

  async function settled(): Promise<void> {
    while (background.size > 0) await Promise.all(background);
  }

  let lastPurge = 0;
  /** Claims and delivers batches of `laneKinds` until fewer than a batch are due. */
  async function lane(laneKinds: readonly OutboxKind[]): Promise<number> {
    let delivered = 0;
    for (;;) {
      const claimed = await claimDue(db, laneKinds, { now: now(), leaseMs, limit: BATCH });
      const until = new Map(claimed.map((entry) => [entry.id, Date.parse(entry.claimed_until ?? "")]));
      delivered += await deliverEach(
        claimed.map((entry) => ({ entry, message: messageOf(entry) })),
        (entry) => until.get(entry.id) ?? 0,
      );
      await flushMarks();
      if (claimed.length < BATCH) return delivered;
    }
  }

  async function deliverDue(): Promise<number> {
    // Two batches under way, so the mailer is kept busy while one ends (its last mails, its
    // marks) and the next is claimed. Content events come through the first alone, in order.
    const counts = await Promise.all([lane(kinds), lane(kinds.filter((kind) => kind !== "content-changed"))]);
    const delivered = counts[0] + counts[1];
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
