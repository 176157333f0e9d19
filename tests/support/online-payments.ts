import { createServer } from "node:http";
import pino from "pino";
import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import { type OnlinePaymentMethod, razorpayMethod } from "~/server/payments/methods.server";
import type { RazorpayStandIn } from "./razorpay-standin";

// Online payment in integration tests (decision 060): the Razorpay method on the stand-in, and a
// local webhook endpoint that hands the raw bytes to the method as the route does.

export const silentLogger = pino({ level: "silent" }) as unknown as Logger;

/** The Razorpay method on the stand-in, with these webhook secrets (the stand-in's by default). */
export function standInMethod(standIn: RazorpayStandIn, secrets = [standIn.webhook.secret]): OnlinePaymentMethod {
  return razorpayMethod({
    keyId: standIn.keyId,
    keySecret: standIn.keySecret,
    webhookSecrets: secrets,
    apiUrl: standIn.apiUrl,
  });
}

/**
 * A webhook URL for the stand-in: each POST's bytes, untouched, to `method.webhook` on the
 * test's database; 503 (Razorpay retries) while no test has one open.
 */
export async function webhookEndpoint(
  getDb: () => Database | undefined,
  method: () => OnlinePaymentMethod,
  now: () => Date = () => new Date(),
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === "string") headers.set(name, value);
      const db = getDb();
      if (!db) return void response.writeHead(503).end();
      method()
        .webhook(db, silentLogger, Buffer.concat(chunks), headers, now)
        .then(
          (answer) => response.writeHead(answer.status).end(answer.text),
          (error: unknown) => {
            console.error("webhook failed:", error);
            response.writeHead(500).end();
          },
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref();
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/payments/razorpay/webhook`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The online payments confirmed on a booking's ledger: their Razorpay ids and amounts. */
export async function onlinePayments(db: Database, registrationId: string) {
  return db
    .selectFrom("booking_entries")
    .select(["reference", "amount_paise", "part", "source"])
    .where("registration_id", "=", registrationId)
    .where("kind", "=", "payment")
    .where("method", "=", "online")
    .where("state", "=", "confirmed")
    .orderBy("created_at")
    .execute();
}
