import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { balanceDueDate, balancePaise, paiseOf } from "~/domain/registration/balance";
import { rupeeAmount } from "~/domain/registration/payment";
import type { RegistrationOption } from "~/domain/registration/settings";
import type { Ride } from "~/domain/ride";
import { migrateTo, migrateToLatest } from "~/server/db/migrate.server";
import type { Database } from "~/server/db/schema.server";
import { duesOfBooking } from "~/server/registrations/ledger.server";
import { getRide } from "~/server/rides/rides.server";
import { openTestDatabase, type TestDatabase } from "../tests/support/databases";
import { siteRide } from "../tests/support/fixtures";
import { TEST_ENGINES } from "../tests/support/postgres";

// m0024 reads the five payment columns into the ledger: no rider owes a paisa more or less than
// the columns said, whatever the booking's state (decision 059).

/** A registration's payment columns, as they were before m0024. */
type Legacy = {
  status: "confirmed" | "waitlisted" | "cancelled";
  option?: RegistrationOption;
  payment?: "due" | "paid";
  utr?: string | null;
  balance_payment?: "due" | "paid";
  balance_utr?: string | null;
  credit_paise?: number;
  erased?: boolean;
  /** A cancelled booking's credit, as the credit ledger kept it. */
  credit?: { kind: string; state: string; amount_paise: number }[];
};

const STATES: Record<string, Legacy> = {
  "confirmed, nothing paid": { status: "confirmed" },
  "booking amount paid, balance announced": {
    status: "confirmed",
    payment: "paid",
    utr: "412345678901",
    balance_utr: "512345678901",
  },
  "both paid": { status: "confirmed", payment: "paid", balance_payment: "paid" },
  "pillion, booking amount paid": { status: "confirmed", option: "pillion", payment: "paid" },
  "part paid with credit, rest due": { status: "confirmed", credit_paise: 400_000 },
  "part paid with credit, rest announced": { status: "confirmed", credit_paise: 400_000, utr: "612345678901" },
  "part paid with credit, rest paid": { status: "confirmed", credit_paise: 400_000, payment: "paid" },
  "wholly paid with credit": { status: "confirmed", credit_paise: 1_000_000, payment: "paid" },
  "balance marked paid before the booking amount": { status: "confirmed", balance_payment: "paid" },
  "transferred: paid, its UTR kept": { status: "confirmed", payment: "paid", utr: "712345678901" },
  waitlisted: { status: "waitlisted" },
  "cancelled unpaid": { status: "cancelled" },
  "cancelled paid, credit waiting": {
    status: "cancelled",
    payment: "paid",
    credit: [{ kind: "cancellation", state: "pending", amount_paise: 1_000_000 }],
  },
  "cancelled paid, credit confirmed lower": {
    status: "cancelled",
    payment: "paid",
    balance_payment: "paid",
    credit: [{ kind: "cancellation", state: "confirmed", amount_paise: 2_000_000 }],
  },
  "cancelled paid with credit, credit returned": {
    status: "cancelled",
    credit_paise: 1_000_000,
    payment: "paid",
    credit: [{ kind: "returned", state: "confirmed", amount_paise: 1_000_000 }],
  },
  "cancelled paid, credit declined": {
    status: "cancelled",
    payment: "paid",
    credit: [{ kind: "cancellation", state: "declined", amount_paise: 1_000_000 }],
  },
  "erased, paid (its UTR erased with it)": { status: "cancelled", payment: "paid", erased: true },
};

/** What the columns said a booking owed (the views' own readings before the ledger). */
function owedByColumns(ride: Ride, legacy: Legacy) {
  const booking = paiseOf(rupeeAmount(ride.bookingCost));
  const balance = booking === null ? null : balancePaise(ride, legacy.option ?? "solo");
  const confirmed = legacy.status === "confirmed";
  const credit = Math.min(legacy.credit_paise ?? 0, booking ?? 0);
  const waiting = (legacy.credit ?? [])
    .filter((entry) => entry.kind === "cancellation" && entry.state === "pending")
    .reduce((total, entry) => total + entry.amount_paise, 0);
  return {
    bookingLeft: confirmed && booking !== null && legacy.payment !== "paid" ? booking - credit : 0,
    balanceLeft: confirmed && balance !== null && legacy.balance_payment !== "paid" ? balance : 0,
    credit: confirmed ? credit : 0,
    announced: confirmed && legacy.payment !== "paid" ? (legacy.utr ?? null) : null,
    balanceAnnounced: confirmed && legacy.balance_payment !== "paid" ? (legacy.balance_utr ?? null) : null,
    owedBack: waiting,
  };
}

const BEFORE = "2026-12-03T1040_messages";
const NOW = new Date("2027-05-01T06:00:00Z");

describe.each(TEST_ENGINES)("m0024: the payment columns read into the ledger [%s]", (engine) => {
  let handle: TestDatabase | undefined;
  afterEach(async () => handle?.close());

  it("leaves every rider owing what the columns said, in every state a booking can be in", async () => {
    handle = await openTestDatabase(engine, (db) => migrateTo(db, BEFORE));
    const { db } = handle;
    const priced = await siteRide(db, { seats: 40, options: pillionAt("₹60,000") });
    const wordy = await siteRide(db, { seats: 5 }, { bookingCost: "₹10,000 per person", title: "Wordy" });
    const ids = new Map<string, string>();
    for (const [name, legacy] of Object.entries(STATES)) ids.set(name, await insertLegacy(db, priced.id, legacy));
    const unpriced = await insertLegacy(db, wordy.id, { status: "confirmed", payment: "paid", utr: "912345678901" });
    const noDeposit = await siteRide(db, { seats: 5 }, { bookingCost: "", tripCost: "₹2,000", title: "No deposit" });
    const markedPaid = await insertLegacy(db, noDeposit.id, { status: "confirmed", payment: "paid" });
    const markedDue = await insertLegacy(db, noDeposit.id, { status: "confirmed" });

    await migrateToLatest(db);

    const ride = (await getRide(db, priced.id))!;
    for (const [name, legacy] of Object.entries(STATES)) {
      const booking = { id: ids.get(name)!, status: legacy.status };
      const dues = await duesOfBooking(db, booking, ride, NOW);
      const was = owedByColumns(ride, legacy);
      expect(
        {
          bookingLeft: dues.booking?.leftPaise ?? 0,
          balanceLeft: dues.balance?.leftPaise ?? 0,
          credit: dues.booking?.creditPaise ?? 0,
          announced: dues.booking?.claimedUtr ?? null,
          balanceAnnounced: dues.balance?.claimedUtr ?? null,
          owedBack: dues.refundOwedPaise,
        },
        name,
      ).toEqual(was);
      expect(dues.balance?.dueDate ?? balanceDueDate(ride), name).toBe(balanceDueDate(ride));
    }
    // A price that is no plain amount charged nothing before, and charges nothing now.
    const wordyRide = (await getRide(db, wordy.id))!;
    expect(await duesOfBooking(db, { id: unpriced, status: "confirmed" }, wordyRide, NOW)).toMatchObject({
      booking: null,
      balance: null,
      dueNowPaise: 0,
    });
    // A ride that names no booking amount: its price holds the seat (before the ledger the pages
    // named no sum; the organisers' mark is now a payment of it).
    const noDepositRide = (await getRide(db, noDeposit.id))!;
    const left = async (id: string) =>
      (await duesOfBooking(db, { id, status: "confirmed" }, noDepositRide, NOW)).booking?.leftPaise;
    expect([await left(markedPaid), await left(markedDue)]).toEqual([0, 200_000]);
    // The columns are gone: the ledger is the one place payments live.
    const columns = Object.keys((await db.selectFrom("registrations").selectAll().executeTakeFirstOrThrow()) as object);
    expect(columns).not.toEqual(expect.arrayContaining(["payment"]));
    expect(columns.filter((column) => /payment|utr|credit/.test(column))).toEqual([]);
  });
});

function pillionAt(price: string) {
  return { solo: { offered: true }, pillion: { offered: true, price }, rental: { offered: false } };
}

/** A registration as the code before m0024 wrote it, with its credit entries. */
async function insertLegacy(db: Database, rideId: string, legacy: Legacy): Promise<string> {
  const id = randomUUID();
  const at = "2027-01-10T06:00:00.000Z";
  const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  await raw
    .insertInto("registrations")
    .values({
      id,
      ride_id: rideId,
      reference: `RB-${id.slice(0, 4).toUpperCase()}`,
      token_hash: legacy.erased ? null : id,
      status: legacy.status,
      seats: legacy.option === "pillion" ? 2 : 1,
      option: legacy.option ?? "solo",
      phone: legacy.erased ? null : `+9198${id.replace(/\D/g, "").padEnd(8, "0").slice(0, 8)}`,
      payment: legacy.payment ?? "due",
      utr: legacy.utr ?? null,
      balance_payment: legacy.balance_payment ?? "due",
      balance_utr: legacy.balance_utr ?? null,
      credit_paise: legacy.credit_paise ?? 0,
      data: "{}",
      created_at: at,
      updated_at: at,
      erased_at: legacy.erased ? at : null,
      reminders: 1,
    })
    .execute();
  for (const entry of legacy.credit ?? []) {
    await raw
      .insertInto("credit_entries")
      .values({ id: randomUUID(), rider_id: null, registration_id: id, note: "", created_at: at, ...entry })
      .execute();
  }
  return id;
}
