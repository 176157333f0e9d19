import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { keepSessionSecret } from "~/server/auth/kept-session-secret.server";
import { readEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { setBookingLinkSecret } from "~/server/registrations/link-seal.server";
import { sendBroadcast } from "~/features/rider-messages/server/broadcast.server";
import { rideMessages } from "~/features/rider-messages/server/queries.server";
import { createRide } from "~/server/rides/rides.server";
import { describeEachEngine } from "../support/databases";
import { rideInput } from "../support/fixtures";
import { registerRider, riderForm } from "../support/registration-fixtures";

// A rider's private link is sealed when they book and unsealed when a message is sent, maybe after
// a restart: without SESSION_SECRET, the secret kept in DATA_DIR must still open it (decision 043).

const DATA_DIR = path.join(mkdtempSync(path.join(tmpdir(), "roadbook-restart-")), "data");
afterAll(() => rmSync(path.dirname(DATA_DIR), { recursive: true, force: true }));
const ADMIN = { id: null, email: "captain@example.com" };
const ORIGIN = "https://roadbook.test";
const NOW = new Date("2027-01-10T10:00:00Z");
const BROADCAST = { subject: "Kit check", body: "Bring boots.", statuses: ["confirmed"], payment: "", checkIn: "" };

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger("info", false, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** What the server does at start when SESSION_SECRET is unset (services.server.ts). */
function start(logger = capture().logger): void {
  setBookingLinkSecret(keepSessionSecret(readEnv({ DATA_DIR }), logger).sessionSecret, logger);
}

let n = 0;
async function bookedRider(db: Parameters<typeof createRide>[0]) {
  const ride = await createRide(db, rideInput({ title: `Spiti ${++n}`, registration: { mode: "site", seats: 4 } }));
  const booked = await registerRider(db, ride.id, riderForm(500 + n, { email: `rider-${n}@example.com` }), NOW);
  return { ride, booked };
}

const whatsappText = async (db: Parameters<typeof rideMessages>[0], ride: Parameters<typeof rideMessages>[1]) => {
  const [message] = await rideMessages(db, ride);
  return new URL(message!.deliveries.find((d) => d.channel === "whatsapp")!.href!).searchParams.get("text") ?? "";
};

describeEachEngine("riders' links after a restart without SESSION_SECRET", (getDb) => {
  it("a link sealed before the restart is in the message sent after it", async () => {
    const db = getDb();
    start();
    const { ride, booked } = await bookedRider(db);
    start(); // the restart: readEnv draws a new random secret; the kept one replaces it
    await sendBroadcast(db, ride.id, BROADCAST, { actor: ADMIN, origin: ORIGIN });
    expect(await whatsappText(db, ride)).toContain(`${ORIGIN}/booking/${booked.token}`);
  });

  it("a link sealed under another secret is an error in the log, naming no rider", async () => {
    const db = getDb();
    setBookingLinkSecret("another secret, long enough for the seal", capture().logger);
    const { ride, booked } = await bookedRider(db);
    const { logger, lines } = capture();
    start(logger);
    await sendBroadcast(db, ride.id, BROADCAST, { actor: ADMIN, origin: ORIGIN });
    expect(await whatsappText(db, ride)).not.toContain(booked.token);
    const errors = lines.filter((line) => line.level === 50);
    expect(errors.length).toBeGreaterThan(0);
    expect(String(errors[0]!.msg)).toContain("could not be unsealed");
    expect(JSON.stringify(lines)).not.toContain(booked.registration.email);
  });
});
