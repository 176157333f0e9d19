import { balancePayment, bookingPayment, RIDER_STATUS_LABELS } from "~/domain/registration/booking-page";
import { balanceDueDate, formatRupees } from "~/domain/registration/balance";
import { duesOf } from "~/domain/registration/dues";
import { refundsLine, refundsShown } from "~/domain/registration/refunds";
import { ledgersOf } from "~/server/registrations/ledger.server";
import { formatDateRange } from "~/domain/dates";
import { bookingHref } from "~/domain/links";
import type { MyRide, MyRides } from "~/features/rider-accounts/domain/my-rides";
import type { Ride } from "~/domain/ride";
import { getConfig } from "~/server/content/config.server";
import type { Executor } from "~/server/db/schema.server";
import { openToken } from "~/server/registrations/link-seal.server";
import { registrationFromRow } from "~/server/registrations/rows.server";
import { getRide } from "~/server/rides/rides.server";
import { serverClock } from "~/server/clock.server";
import { listedDocument } from "~/features/money-documents/domain/listed";
import { holdersDocuments } from "~/features/money-documents/server/documents.server";

/**
 * The rider's bookings (not erased), newest ride first: upcoming while their ride is, past
 * after. Each links to its private page when the sealed token opens (link-seal.server.ts).
 */
export async function myRides(db: Executor, riderId: string, now = serverClock()): Promise<MyRides> {
  const rows = await db
    .selectFrom("registrations")
    .selectAll()
    .where("rider_id", "=", riderId)
    .where("erased_at", "is", null)
    .orderBy("created_at", "desc")
    .execute();
  const config = await getConfig(db);
  const rides = new Map<string, Ride | null>();
  for (const rideId of new Set(rows.map((row) => row.ride_id))) rides.set(rideId, await getRide(db, rideId));

  const registrations = rows.map(registrationFromRow);
  // Every booking's ledger in one read: what each owes (dues.ts) and its refunds (refunds.ts).
  const ledgers = await ledgersOf(
    db,
    registrations.map((registration) => registration.id),
  );
  const documents = await holdersDocuments(
    db,
    registrations.map((registration) => registration.id),
  );
  const list: { ride: Ride | null; item: MyRide }[] = [];
  for (const [index, row] of rows.entries()) {
    const registration = registrations[index]!;
    const ride = rides.get(registration.rideId) ?? null;
    const ledger = ledgers.get(registration.id) ?? [];
    const dues = duesOf(ledger, { status: registration.status, balanceDueDate: ride ? balanceDueDate(ride) : "" }, now);
    const payment = bookingPayment(config.company, dues.booking, registration.reference, ride?.bookingCost);
    const balance = balancePayment(config.company, dues.balance, registration.reference);
    const token = openToken(row.token_sealed);
    list.push({
      ride,
      item: {
        reference: registration.reference,
        rideTitle: ride?.title ?? "A ride no longer on the site",
        dates: ride?.startDate ? formatDateRange(ride.startDate, ride.endDate) : "",
        statusLabel: RIDER_STATUS_LABELS[registration.status],
        booking: dues.booking
          ? {
              amount: formatRupees(dues.booking.chargedPaise),
              paid: payment.paid,
              credit: payment.credit,
              left: formatRupees(dues.booking.leftPaise),
            }
          : null,
        balance: balance
          ? { amount: balance.amount, dueDate: balance.dueDate, paid: balance.paid, overdue: balance.overdue }
          : null,
        refunds: refundsLine(refundsShown(ledger)),
        href: token ? bookingHref(token) : null,
        documents: documents.filter((document) => document.registrationId === registration.id).map(listedDocument),
      },
    });
  }
  const byStart = (a: { ride: Ride | null }, b: { ride: Ride | null }) =>
    (b.ride?.startDate ?? "").localeCompare(a.ride?.startDate ?? "");
  return {
    upcoming: list
      .filter(({ ride }) => ride?.status === "upcoming")
      .sort(byStart)
      .map(({ item }) => item),
    past: list
      .filter(({ ride }) => ride?.status !== "upcoming")
      .sort(byStart)
      .map(({ item }) => item),
  };
}
