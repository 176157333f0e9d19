import { stringify } from "csv-stringify/sync";
import { OPTION_LABELS } from "~/domain/registration/settings";
import { amountOf } from "~/domain/registration/balance";
import type { Dues, PartDues } from "~/domain/registration/dues";
import { duesOfMany } from "./ledger.server";
import { serverClock } from "../clock.server";
import type { Ride } from "~/domain/ride";
import type { AuditActor } from "~/domain/audit";
import { runCommand } from "../commands/command.server";
import type { Database, Executor } from "../db/schema.server";
import { type Registration, registrationFromRow } from "./rows.server";
import { rideFromRow } from "../rides/ride-rows.server";
import { features } from "~/features/index.server";
import type { FeatureServer } from "../registries/feature.server";
import type { RidersCsvPart } from "../registries/riders-page.server";

// Riders' registrations as a spreadsheet (decision 021): what the organisers juggled
// in a spreadsheet before. Personal data: only for admins (the Riders page's export) and
// operators (npm run registrations:export), never part of content:export.

type CsvRide = Pick<Ride, "id" | "title" | "startDate" | "tripCost" | "bookingCost" | "registration">;

/** The features' columns (their ridersCsv: a waiver's), after the balance's. */
const parts: readonly RidersCsvPart[] = (features as readonly FeatureServer[]).flatMap((feature) =>
  feature.ridersCsv ? [feature.ridersCsv] : [],
);

export type RegistrationWithRide = {
  ride: CsvRide | null;
  registration: Registration;
  /** What it owes (dues.ts). */
  dues: Dues;
  /** The features' cells, in the order of their headers. */
  featureCells: readonly (string | number)[];
};

type Column = { header: string; value: (row: RegistrationWithRide) => string | number };

/** A part's state as the spreadsheet says it: paid, due, overdue; '' when the booking owes none of it. */
function stateCell(owed: PartDues | null): string {
  return !owed ? "" : owed.paid ? "paid" : owed.overdue ? "overdue" : "due";
}

const COLUMNS: Column[] = [
  { header: "Ride", value: ({ ride }) => ride?.title ?? "" },
  { header: "Ride date", value: ({ ride }) => ride?.startDate ?? "" },
  { header: "Reference", value: ({ registration }) => registration.reference },
  { header: "Status", value: ({ registration }) => registration.status },
  { header: "Option", value: ({ registration }) => OPTION_LABELS[registration.option] },
  { header: "Seats", value: ({ registration }) => registration.seats },
  { header: "Name", value: ({ registration }) => registration.name },
  { header: "Mobile", value: ({ registration }) => registration.phone },
  { header: "Email", value: ({ registration }) => registration.email },
  { header: "Emergency contact", value: ({ registration }) => registration.emergencyName },
  { header: "Emergency number", value: ({ registration }) => registration.emergencyPhone },
  { header: "Blood group", value: ({ registration }) => registration.bloodGroup },
  { header: "Bike", value: ({ registration }) => registration.bikeModel },
  { header: "Pillion", value: ({ registration }) => registration.pillionName },
  { header: "Licence number", value: ({ registration }) => registration.licenceNumber },
  // What the booking owes, from its ledger (dues.ts); amounts in rupees with paise so a
  // spreadsheet adds them up; empty cells for a part the booking owes none of.
  { header: "Booking payment", value: ({ dues }) => stateCell(dues.booking) },
  { header: "Booking UTR", value: ({ dues }) => dues.booking?.utr ?? "" },
  { header: "Balance", value: ({ dues }) => (dues.balance ? amountOf(dues.balance.chargedPaise) : "") },
  { header: "Balance payment", value: ({ dues }) => stateCell(dues.balance) },
  { header: "Balance UTR", value: ({ dues }) => dues.balance?.utr ?? "" },
  { header: "Balance due", value: ({ dues }) => dues.balance?.dueDate ?? "" },
  { header: "Paid", value: ({ dues }) => amountOf(dues.receivedPaise) },
  { header: "Owed now", value: ({ dues }) => amountOf(dues.dueNowPaise) },
  ...parts
    .flatMap((part) => part.headers)
    .map((header, index): Column => ({ header, value: ({ featureCells }) => featureCells[index] ?? "" })),
  { header: "Checked in at", value: ({ registration }) => registration.checkedInAt ?? "" },
  { header: "Registered at", value: ({ registration }) => registration.createdAt },
  { header: "Erased at", value: ({ registration }) => registration.erasedAt ?? "" },
];

/**
 * The rows as CSV that Excel opens as it is: UTF-8 with a byte-order mark (else Excel reads
 * Kannada or Hindi names as Latin-1), CRLF lines, and every cell that a spreadsheet would take
 * for a formula (=, +, -, @ first: a rider may type `=HYPERLINK(…)` as a name) prefixed with
 * a quote, which also keeps a mobile number's + visible.
 */
export function registrationsCsv(rows: readonly RegistrationWithRide[]): string {
  return stringify(
    rows.map((row) => COLUMNS.map((column) => column.value(row))),
    {
      header: true,
      columns: COLUMNS.map((column) => column.header),
      bom: true,
      record_delimiter: "windows",
      escape_formulas: true,
    },
  );
}

/**
 * Every registration (or one ride's), by ride (earliest ride first) then in registration
 * order, each with its ride (null when the ride is gone). Erased registrations keep their row:
 * status, option and seats.
 */
export async function registrationsWithRides(db: Executor, rideId?: string): Promise<RegistrationWithRide[]> {
  let query = db.selectFrom("registrations").selectAll();
  if (rideId !== undefined) query = query.where("ride_id", "=", rideId);
  const rows = await query.orderBy("created_at").orderBy("id").execute();
  const rideIds = [...new Set(rows.map((row) => row.ride_id))];
  const rides =
    rideIds.length === 0 ? [] : await db.selectFrom("rides").selectAll().where("id", "in", rideIds).execute();
  const byId = new Map(rides.map((row) => [row.id, rideFromRow(row)]));
  const rideKey = (id: string) => `${byId.get(id)?.startDate ?? "~"} ${id}`;
  const registrations = rows.map(registrationFromRow);
  const cellsOf = await Promise.all(parts.map((part) => part.cells(db, registrations)));
  const dues = await duesOfMany(
    db,
    registrations.map((registration) => ({ ...registration, ride: byId.get(registration.rideId) ?? null })),
    serverClock(),
  );
  return registrations
    .map((registration) => ({
      ride: byId.get(registration.rideId) ?? null,
      registration,
      dues: dues.get(registration.id)!,
      featureCells: cellsOf.flatMap((cells) => cells(registration)),
    }))
    .sort((a, b) => rideKey(a.registration.rideId).localeCompare(rideKey(b.registration.rideId)));
}

/**
 * A ride's registrations for the admin's CSV download (decision 021): read with the export's
 * audit row in one command, so no export of personal data leaves the trail without its entry.
 */
export async function exportRideRiders(
  db: Database,
  ride: Pick<Ride, "id" | "title">,
  actor: AuditActor,
): Promise<RegistrationWithRide[]> {
  return runCommand(db, async (command) => {
    const registrations = await registrationsWithRides(command.trx, ride.id);
    await command.audit(actor, {
      action: "exported",
      collection: "registrations",
      recordId: ride.id,
      summary: `Exported the riders of "${ride.title}" (${registrations.length}) as CSV`,
    });
    return registrations;
  });
}
