import { serverClock } from "../clock.server";
import { attachDispatcher } from "../commands/command.server";
import type { Database } from "../db/schema.server";
import type { Logger } from "../logger.server";
import type { Mailer } from "../mail/mailer.server";
import type { Env } from "../env.server";
import type { ObjectStorage } from "../storage/storage.server";
import { outboxDeliveries } from "./deliveries.server";
import { createDispatcher, type Dispatcher } from "./dispatcher.server";

/**
 * The server's outbox dispatcher on `db` (decision 029): content events, mail and removed photos' files, delivered at
 * once after each command of this process, and by start()'s polling whatever is left.
 */
export function openOutbox({
  db,
  mailer,
  storage,
  logger,
  claimMs,
  push,
  origin,
  razorpay,
}: {
  db: Database;
  mailer: Mailer;
  storage?: ObjectStorage;
  push?: Env["push"];
  logger: Logger;
  /** OUTBOX_CLAIM_SECONDS; the dispatcher's default (60 s) otherwise. */
  claimMs?: number;
  /** PUBLIC_URL, for the links of messages the site writes itself. */
  origin?: string | null;
  /** Razorpay's keys, for a cancelled booking's payment link. */
  razorpay?: Env["razorpay"];
}): Dispatcher {
  // The server's clock: a change notice waits its delay by it, and tests move it (clock.server.ts).
  const dispatcher = createDispatcher({
    db,
    deliveries: outboxDeliveries({ db, mailer, storage, push, now: serverClock, origin, razorpay }),
    logger,
    leaseMs: claimMs,
    now: serverClock,
  });
  attachDispatcher(db, dispatcher);
  return dispatcher;
}
