import type { Transaction } from "kysely";
import type { AuditActor, AuditChange } from "~/domain/audit";
import { notifyContentChanged } from "../content-events.server";
import type { Database, DB } from "../db/schema.server";
import { createDispatcher, type Dispatcher, type OwnEntry } from "../outbox/dispatcher.server";
import { enqueue, type NewEntry } from "../outbox/entries.server";
import type { OutboxMessage } from "../outbox/messages.server";
import { recordAudit } from "../audit/audit.server";
import { serverClock } from "../clock.server";
import { ledgerHooks } from "~/features/in-commands.server";

/**
 * The write path (decision 029). A command validates its input once, then runs here: one
 * transaction in which it locks what it changes and writes the data, the revision, the audit
 * row and, in the outbox, everything that must follow (content events, mail). Once it commits,
 * this instance delivers those entries at once; if it dies first, they are delivered later.
 */
export type Command = {
  trx: Transaction<DB>;
  /** The command's one time: every row it writes carries it. */
  now: Date;
  /** Something to happen once the change commits; `reference` names a booking in the entry's label. */
  enqueue(message: OutboxMessage, reference?: string): Promise<void>;
  /** Many at once (a message to every rider of a ride): written in batches. */
  enqueueAll(entries: readonly NewEntry[]): Promise<void>;
  /** The change, in the admins' audit trail, in the same transaction. */
  audit(actor: AuditActor, change: AuditChange): Promise<void>;
  /**
   * The bookings whose ledger this command wrote (registrations/ledger.server.ts adds them): the
   * features' ledger hooks (money documents) read them before the command commits.
   */
  touched: Set<string>;
};

const dispatchers = new WeakMap<Database, Dispatcher>();

/**
 * The dispatcher that delivers `db`'s outbox in this process: the one the server started
 * (services.server.ts), else one that delivers content events only (a script, a test), leaving
 * mail in the outbox for a server to send.
 */
export function dispatcherFor(db: Database): Dispatcher {
  let dispatcher = dispatchers.get(db);
  if (!dispatcher) {
    dispatcher = createDispatcher({
      db,
      deliveries: { "content-changed": ({ change }) => notifyContentChanged(change) },
    });
    dispatchers.set(db, dispatcher);
  }
  return dispatcher;
}

export function attachDispatcher(db: Database, dispatcher: Dispatcher): void {
  dispatchers.set(db, dispatcher);
}

/**
 * Runs `work` as one command (see Command). Its result comes back once the transaction has
 * committed and its content events and removed photos' files are delivered; its mail follows in
 * the background.
 */
export async function runCommand<T>(
  db: Database,
  work: (command: Command) => Promise<T>,
  now = serverClock(),
): Promise<T> {
  const dispatcher = dispatcherFor(db);
  const own: OwnEntry[] = [];
  const result = await db.transaction().execute(async (trx) => {
    async function enqueueAll(entries: readonly NewEntry[]) {
      const ids = await enqueue(trx, entries, { now, claimMs: dispatcher.leaseMs });
      // A delayed entry is not this command's to deliver now: the polls take it when due.
      ids.forEach((id, index) => {
        if (!entries[index]!.dueAt) own.push({ id, message: entries[index]!.message });
      });
    }
    const command: Command = {
      trx,
      now,
      enqueue: (message, reference) => enqueueAll([{ message, reference }]),
      enqueueAll,
      async audit(actor, change) {
        await recordAudit(trx, actor, change, now);
      },
      touched: new Set(),
    };
    const done = await work(command);
    // What follows a ledger's writes commits with them, never afterwards (a payment's receipt).
    if (command.touched.size > 0) for (const hook of ledgerHooks) await hook(command, [...command.touched]);
    return done;
  });
  await dispatcher.deliverOwn(own);
  return result;
}
