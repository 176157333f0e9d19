// The reference of bench:messages: nodemailer's own pooled transport sending COUNT mails of the
// shape the riders get (same sender, subject and text sizes, a Message-ID each) to the bench's
// mail server, all queued at once, with the app's number of connections.
import { createTransport } from "nodemailer";
import { heapHighWater } from "./memory.ts";

const { BENCH_SMTP_URL, BENCH_COUNT, BENCH_CONNECTIONS, BENCH_SUBJECT, BENCH_TEXT } = process.env;
const transport = createTransport(
  { url: BENCH_SMTP_URL, pool: true, maxConnections: Number(BENCH_CONNECTIONS) },
  { from: "Roadbook <rides@roadbook.test>" },
);
const heap = heapHighWater();
const began = performance.now();
const sent = await Promise.all(
  Array.from({ length: Number(BENCH_COUNT) }, (_, n) =>
    transport
      .sendMail({
        to: `rider-${n}@example.com`,
        subject: BENCH_SUBJECT,
        text: BENCH_TEXT,
        messageId: `<reference-${n}@messages.roadbook>`,
      })
      .then(
        () => 1,
        () => 0,
      ),
  ),
);
const elapsedMs = performance.now() - began;
process.send!({
  delivered: sent.reduce<number>((sum, one) => sum + one, 0),
  elapsedMs,
  maxRssKb: process.resourceUsage().maxRSS,
  heapBytes: heap.stop(),
});
transport.close();
