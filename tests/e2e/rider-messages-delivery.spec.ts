import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import type { Database } from "~/server/db/schema.server";
import { siteRide } from "../support/fixtures";
import { type LocalSmtp, startLocalSmtp } from "../support/smtp";
import { createAdmin, sessionCookieFor } from "./ops-admin.ts";
import { type Instance, startInstance, stopAllInstances } from "./ops-support.ts";
import { type SharedPostgres, sharedPostgres, skipWithoutPostgres } from "./shared-postgres.ts";
import { expect, test } from "./fixtures.ts";
import { startOwnServer } from "./support/own-server.ts";

// A broadcast's copies are mailed exactly once each (decision 029, docs/features/rider-messages.md):
// through a server killed (SIGKILL) in the middle of mailing them, and by two instances sharing
// one PostgreSQL database. Sent from the admin Messages page; the riders are written straight
// to the table, each with an address of their own. Counted at a local SMTP server that answers
// slowly, so mailing a ride takes long enough to be interrupted or shared.

const RIDERS = 40;

/** RIDERS confirmed riders of the ride, each with an email address; their addresses. */
async function riders(db: Database, rideId: string): Promise<string[]> {
  const at = new Date().toISOString();
  const tag = randomInt(1e9);
  const emails = Array.from({ length: RIDERS }, (_, n) => `rider-${tag}-${n}@example.com`);
  await db
    .insertInto("registrations")
    .values(
      emails.map((email, n) => ({
        id: randomUUID(),
        ride_id: rideId,
        reference: `RB-${tag}-${n}`,
        token_hash: createHash("sha256").update(randomBytes(24)).digest("hex"),
        token_sealed: null,
        reminders: 1,
        balance_payment: "due",
        status: "confirmed",
        seats: 1,
        option: "solo",
        phone: `+91 9${String(tag % 1e5).padStart(5, "0")}${String(n).padStart(4, "0")}`,
        payment: "due",
        utr: null,
        checked_in_at: null,
        data: JSON.stringify({ name: `Rider ${n}`, email }),
        created_at: at,
        updated_at: at,
        erased_at: null,
      })),
    )
    .execute();
  return emails;
}

/** Signs the page in as a new admin of `db`, writes the broadcast on the ride's Messages page, previews and sends it. */
async function broadcast(page: Page, db: Database, baseURL: string, rideId: string, subject: string) {
  const admin = await createAdmin(db, `captain-${randomInt(1e9)}@roadbook.test`);
  const [name, value] = (await sessionCookieFor(db, admin.userId)).split("=") as [string, string];
  await page.context().addCookies([{ name, value, url: baseURL }]);
  await page.goto(`${baseURL}/admin/rides/${rideId}/messages`);
  await page.getByRole("textbox", { name: "Subject" }).fill(subject);
  await page.getByRole("textbox", { name: "Message" }).fill("Bring your riding boots and your licence.");
  await page.getByRole("button", { name: "Preview" }).click();
  await page.getByRole("button", { name: `Send to ${RIDERS} riders` }).click();
  await expect(page.getByRole("button", { name: "Preview" })).toBeVisible();
}

/** Per rider (of `emails`, who get no other mail), the distinct Message-IDs of the mails they received. */
function messageIdsByRider(smtp: LocalSmtp, emails: readonly string[]): Map<string, Set<string>> {
  const ids = new Map<string, Set<string>>();
  for (const mail of smtp.mails) {
    const id = /^Message-ID:\s*(\S+)/im.exec(mail.raw)?.[1] ?? "";
    for (const to of mail.to) if (emails.includes(to)) ids.set(to, (ids.get(to) ?? new Set()).add(id));
  }
  return ids;
}

test("a broadcast's mailing killed half-way (SIGKILL) is finished after the restart: each rider one message, none missed", async ({
  page,
}) => {
  const smtp = await startLocalSmtp({ answerAfterMs: 150 });
  const server = await startOwnServer({ env: { SMTP_URL: smtp.url, OUTBOX_CLAIM_SECONDS: "2" } });
  try {
    const ride = await siteRide(server.db, { seats: 100 }, { title: `Nilgiris loop ${randomInt(1e6)}` });
    const emails = await riders(server.db, ride.id);
    const subject = `Fuel stop change ${randomInt(1e6)}`;
    await broadcast(page, server.db, server.baseURL, ride.id, subject);
    // Killed while the copies are being mailed: some received, not all.
    await expect.poll(() => messageIdsByRider(smtp, emails).size, { intervals: [20] }).toBeGreaterThanOrEqual(5);
    await page.goto("about:blank");
    const before = messageIdsByRider(smtp, emails).size;
    expect(before).toBeLessThan(RIDERS);
    await server.killAndRestart();

    await expect.poll(() => messageIdsByRider(smtp, emails).size).toBe(RIDERS);
    const ids = messageIdsByRider(smtp, emails);
    // A mail the server took as the sender died is sent again, as the same message.
    for (const email of emails) expect(ids.get(email)?.size, email).toBe(1);
    await expect
      .poll(async () =>
        (await server.db.selectFrom("message_deliveries").select("status").where("channel", "=", "email").execute())
          .map((row) => row.status)
          .filter((status) => status !== "sent"),
      )
      .toEqual([]);
  } finally {
    await server.stop();
    await smtp.close();
  }
});

test.describe("two instances on one PostgreSQL", () => {
  skipWithoutPostgres();
  let database: SharedPostgres;
  let smtp: LocalSmtp;
  let a: Instance;
  test.beforeAll(async () => {
    smtp = await startLocalSmtp({ answerAfterMs: 100 });
    database = await sharedPostgres();
    // Short claims: the copies the sending instance cannot start in time are taken by either.
    const env = { ...database.env, SMTP_URL: smtp.url, OUTBOX_CLAIM_SECONDS: "2" };
    [a] = await Promise.all([startInstance({ env }), startInstance({ env })]);
  });
  test.afterAll(async () => {
    await stopAllInstances({}, test.info());
    await smtp?.close();
    await database?.close();
  });

  test("mail each copy of a broadcast exactly once", async ({ page }) => {
    const ride = await siteRide(database.db, { seats: 100 }, { title: `Western Ghats ${randomInt(1e6)}` });
    const emails = await riders(database.db, ride.id);
    const subject = `Route change ${randomInt(1e6)}`;
    await broadcast(page, database.db, a.url, ride.id, subject);
    await expect.poll(() => messageIdsByRider(smtp, emails).size).toBe(RIDERS);
    // Every delivery recorded as sent, then no mail more: each rider had exactly one.
    await expect
      .poll(
        async () =>
          (
            await database.db.selectFrom("outbox").select("delivered_at").where("kind", "=", "rider-message").execute()
          ).filter((row) => row.delivered_at === null).length,
      )
      .toBe(0);
    for (const email of emails) {
      expect(
        smtp.mails.filter((mail) => mail.to.includes(email)),
        email,
      ).toHaveLength(1);
    }
  });
});
