import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import type { Database } from "~/server/db/schema.server";
import { siteRide } from "../support/fixtures";
import { type LocalSmtp, type LocalSmtpOptions, type ReceivedMail, startLocalSmtp } from "../support/smtp";
import { createAdmin, sessionCookieFor } from "./support/ops-admin.ts";
import { type Instance, startInstance, stopAllInstances } from "./support/ops-support.ts";
import { type SharedPostgres, sharedPostgres, skipWithoutPostgres } from "./support/shared-postgres.ts";
import { expect, test } from "./support/fixtures.ts";
import { startOwnServer } from "./support/own-server.ts";
import { testClock } from "./support/test-clock.ts";

// A broadcast's copies are mailed exactly once each (decision 029, docs/features/rider-messages.md),
// but the one in flight when its server is killed (SIGKILL), sent again as the same message:
// through a server killed in the middle of mailing them, and by two instances sharing one
// PostgreSQL database, one of them killed. Sent from the admin Messages page; the riders are written straight
// to the table, each with an address of their own. Counted at a local SMTP server that answers
// slowly, so mailing a ride takes long enough to be interrupted or shared.

const RIDERS = 40;
/**
 * Claims short enough that a killed server's copies are soon mailed by the next, long enough that
 * a copy started on a loaded machine is answered and recorded within its claim (2 s was not, at a
 * load of 24: another claim mailed it again).
 */
const CLAIM_SECONDS = "15";

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
        status: "confirmed",
        seats: 1,
        option: "solo",
        phone: `+91 9${String(tag % 1e5).padStart(5, "0")}${String(n).padStart(4, "0")}`,
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

/**
 * Kills a server while exactly one mail is in flight: once armed, the `nth` mail the SMTP server
 * keeps is held unanswered and new mail waits, until `kill` (given that mail) has ended; `kill`
 * first waits for the mails taken before it to be answered and recorded
 * (`untilAnsweredAreRecorded`). Give its `options` to the SMTP server.
 */
function killSwitch(answerAfterMs: number) {
  let armed: { nth: number; kill: (inFlight: ReceivedMail) => Promise<void> } | undefined;
  let killing: Promise<void> | undefined;
  let kept = 0;
  let inFlight: ReceivedMail | undefined;
  const options: LocalSmtpOptions = {
    answerAfterMs,
    beforeRecipient: () => killing,
    beforeAnswer(mail) {
      kept += 1;
      if (!armed || killing || kept < armed.nth) return undefined;
      inFlight = mail;
      killing = armed.kill(mail);
      return killing;
    },
  };
  return {
    options,
    /** Kills with `kill` at the `nth` mail kept from now on. */
    arm(nth: number, kill: (inFlight: ReceivedMail) => Promise<void>) {
      kept = 0;
      armed = { nth, kill };
    },
    /** The mail in flight when `kill` was called, once it has ended. */
    async killed(): Promise<ReceivedMail> {
      await expect.poll(() => killing !== undefined).toBe(true);
      await killing;
      return inFlight!;
    },
  };
}

/**
 * Until nothing is arriving at the SMTP server and every mail of `emails` it kept but `inFlight`
 * (all answered) is recorded as sent for the ride: then only `inFlight` is unrecorded.
 */
async function untilAnsweredAreRecorded(
  db: Database,
  smtp: LocalSmtp,
  emails: readonly string[],
  rideId: string,
  inFlight: ReceivedMail,
): Promise<void> {
  const answered = () =>
    new Set(
      smtp.mails.filter((mail) => mail !== inFlight).flatMap((mail) => mail.to.filter((to) => emails.includes(to))),
    ).size;
  const sent = async () =>
    (
      await db
        .selectFrom("message_deliveries as d")
        .innerJoin("registrations as r", "r.id", "d.registration_id")
        .select("d.id")
        .where("r.ride_id", "=", rideId)
        .where("d.channel", "=", "email")
        .where("d.status", "=", "sent")
        .execute()
    ).length;
  await expect.poll(async () => smtp.arriving() === 0 && (await sent()) === answered()).toBe(true);
}

const messageIdOf = (mail: ReceivedMail) => /^Message-ID:\s*(\S+)/im.exec(mail.raw)?.[1] ?? "";

/**
 * The riders (of `emails`) mailed more than once, each with the distinct Message-IDs they got:
 * after a crash, only the rider whose mail was in flight, with one Message-ID.
 */
function mailedTwice(smtp: LocalSmtp, emails: readonly string[]): Map<string, Set<string>> {
  const twice = new Map<string, Set<string>>();
  for (const email of emails) {
    const mails = smtp.mails.filter((mail) => mail.to.includes(email));
    if (mails.length > 1) twice.set(email, new Set(mails.map(messageIdOf)));
  }
  return twice;
}

/** Per rider (of `emails`, who get no other mail), the distinct Message-IDs of the mails they received. */
function messageIdsByRider(smtp: LocalSmtp, emails: readonly string[]): Map<string, Set<string>> {
  const ids = new Map<string, Set<string>>();
  for (const mail of smtp.mails) {
    const id = messageIdOf(mail);
    for (const to of mail.to) if (emails.includes(to)) ids.set(to, (ids.get(to) ?? new Set()).add(id));
  }
  return ids;
}

test("a broadcast's mailing killed half-way (SIGKILL) is finished after the restart: only the mail in flight is sent again, as the same message", async ({
  page,
}) => {
  const kills = killSwitch(50);
  const smtp = await startLocalSmtp(kills.options);
  const server = await startOwnServer({ env: { SMTP_URL: smtp.url, OUTBOX_CLAIM_SECONDS: CLAIM_SECONDS } });
  // The server restarts with its clock a claim on (TEST_CLOCK_FILE): the dead one's claims have
  // lapsed at once, as they would after CLAIM_SECONDS, without the test waiting for them.
  const restartedClock = testClock((Number(CLAIM_SECONDS) + 1) * 1000);
  try {
    const ride = await siteRide(server.db, { seats: 100 }, { title: `Nilgiris loop ${randomInt(1e6)}` });
    const emails = await riders(server.db, ride.id);
    const subject = `Fuel stop change ${randomInt(1e6)}`;
    // Killed while the copies are being mailed: some received, one in flight, the rest not sent;
    // once the page has left the server (its live updates would break).
    const pageLeft = Promise.withResolvers<void>();
    kills.arm(8, async (inFlight) => {
      await pageLeft.promise;
      await untilAnsweredAreRecorded(server.db, smtp, emails, ride.id, inFlight);
      await server.killAndRestart({ TEST_CLOCK_FILE: restartedClock.file });
    });
    await broadcast(page, server.db, server.baseURL, ride.id, subject);
    await page.goto("about:blank");
    pageLeft.resolve();
    const inFlight = await kills.killed();

    await expect.poll(() => messageIdsByRider(smtp, emails).size).toBe(RIDERS);
    await expect
      .poll(async () =>
        (await server.db.selectFrom("message_deliveries").select("status").where("channel", "=", "email").execute())
          .map((row) => row.status)
          .filter((status) => status !== "sent"),
      )
      .toEqual([]);
    // Each mail the server took before it died was recorded as sent: only the one in flight goes
    // again, as the same message.
    expect(mailedTwice(smtp, emails)).toEqual(new Map([[inFlight.to[0], new Set([messageIdOf(inFlight)])]]));
    expect(smtp.mails).toHaveLength(RIDERS + 1);
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
  const kills = killSwitch(100);
  test.beforeAll(async () => {
    smtp = await startLocalSmtp(kills.options);
    database = await sharedPostgres();
    const env = { ...database.env, SMTP_URL: smtp.url, OUTBOX_CLAIM_SECONDS: CLAIM_SECONDS };
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

  test("one instance killed (SIGKILL) mid-mailing: the other mails the rest, and only the mail in flight goes again", async ({
    page,
  }) => {
    const ride = await siteRide(database.db, { seats: 100 }, { title: `Coorg coffee run ${randomInt(1e6)}` });
    const emails = await riders(database.db, ride.id);
    const before = smtp.mails.length;
    const pageLeft = Promise.withResolvers<void>();
    kills.arm(8, async (inFlight) => {
      await pageLeft.promise;
      await untilAnsweredAreRecorded(database.db, smtp, emails, ride.id, inFlight);
      a.child.kill("SIGKILL");
      await a.exited;
    });
    await broadcast(page, database.db, a.url, ride.id, `Lunch stop ${randomInt(1e6)}`);
    await page.goto("about:blank");
    pageLeft.resolve();
    const inFlight = await kills.killed();

    await expect.poll(() => messageIdsByRider(smtp, emails).size).toBe(RIDERS);
    await expect
      .poll(
        async () =>
          (
            await database.db
              .selectFrom("message_deliveries as d")
              .innerJoin("registrations as r", "r.id", "d.registration_id")
              .select("d.status")
              .where("r.ride_id", "=", ride.id)
              .where("d.channel", "=", "email")
              .execute()
          ).filter((row) => row.status !== "sent").length,
      )
      .toBe(0);
    // The mail in flight was the dead instance's (sent again, as the same message) or the
    // other's (answered after the kill, not again): never more than that one.
    const twice = mailedTwice(smtp, emails);
    expect(twice.size).toBeLessThanOrEqual(1);
    for (const [email, ids] of twice) {
      expect(email).toBe(inFlight.to[0]);
      expect(ids).toEqual(new Set([messageIdOf(inFlight)]));
    }
    expect(smtp.mails.length - before).toBe(RIDERS + twice.size);
  });
});
