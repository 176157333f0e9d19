// The delivering process of bench:messages: the app's outbox dispatcher and mailer, as the
// server wires them (openOutbox), delivering every due entry of the database it is given to
// the bench's mail server. Reports how long that took, how many it delivered and its memory.
import pino from "pino";
import { openDatabase } from "../../app/server/db/database.server.ts";
import { createMailer } from "../../app/server/mail/mailer.server.ts";
import { openOutbox } from "../../app/server/outbox/start-outbox.server.ts";
import { setBookingLinkSecret } from "../../app/server/registrations/link-seal.server.ts";
import { heapHighWater } from "./memory.ts";

const { BENCH_DB, BENCH_SMTP_URL, BENCH_SECRET } = process.env;
const logger = pino({ level: "warn" });
setBookingLinkSecret(BENCH_SECRET!, logger);
const { db } = openDatabase(BENCH_DB!.startsWith("postgres") ? { databaseUrl: BENCH_DB } : { sqlitePath: BENCH_DB });
const mailer = createMailer({ smtpUrl: BENCH_SMTP_URL, from: "Roadbook <rides@roadbook.test>" }, logger);
const dispatcher = openOutbox({ db, mailer, logger });
const heap = heapHighWater();

const began = performance.now();
let delivered = 0;
for (let more = 1; more > 0; delivered += more) more = await dispatcher.deliverDue();
const elapsedMs = performance.now() - began;

process.send!({ delivered, elapsedMs, maxRssKb: process.resourceUsage().maxRSS, heapBytes: heap.stop() });
mailer.close();
await db.destroy();
