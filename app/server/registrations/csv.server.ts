import { stringify } from "csv-stringify/sync";
import { OPTION_LABELS } from "~/domain/registration/settings";
import { amountOf, balanceDueDate, balancePaise } from "~/domain/registration/balance";
import type { Ride } from "~/domain/ride";
import type { AuditActor } from "~/domain/audit";
import { runCommand } from "../commands/command.server";
import type { Database, Executor } from "../db/schema.server";
import { type Registration, registrationFromRow } from "./rows.server";
import { rideFromRow } from "../rides/ride-rows.server";
import { WAIVER_STATE_LABELS, waiverStateOf, type WaiverState } from "~/features/waivers/domain/waiver";
import { currentWaiver } from "~/features/waivers/server/current-waiver.server";
import { versionNumbers } from "~/features/waivers/server/waivers.server";

// Riders' registrations as a spreadsheet (decision 021): what the organisers juggled
// in a spreadsheet before. Personal data: only for admins (the Riders page's export) and
// operators (npm run registrations:export), never part of content:export.

type CsvRide = Pick<Ride, "id" | "title" | "startDate" | "tripCost" | "bookingCost" | "registration">;

/** The waiver version the rider accepted (its number) and their state against the ride's current one. */
export type CsvWaiver = { version: number | null; state: WaiverState };

export type RegistrationWithRide = { ride: CsvRide | null; registration: Registration; waiver: CsvWaiver };

/** A balance column's cell: '' when the ride is gone or has no balance for the registration's option. */
function balanceCell(
  ride: CsvRide | null,
  registration: Registration,
  cell: (paise: number, ride: CsvRide) => string,
): string {
  const paise = ride ? balancePaise(ride, registration.option) : null;
  return ride && paise !== null ? cell(paise, ride) : "";
}

const COLUMNS: { header: string; value: (row: RegistrationWithRide) => string | number }[] = [
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
  { header: "Booking payment", value: ({ registration }) => registration.payment },
  { header: "Booking UTR", value: ({ registration }) => registration.utr },
  // The balance of a ride that has one for the option (domain/registration/balance.ts), in
  // rupees with paise so a spreadsheet adds them up; empty cells on a ride without.
  { header: "Balance", value: ({ ride, registration }) => balanceCell(ride, registration, (paise) => amountOf(paise)) },
  {
    header: "Balance payment",
    value: ({ ride, registration }) => balanceCell(ride, registration, () => registration.balancePayment),
  },
  { header: "Balance UTR", value: ({ registration }) => registration.balanceUtr },
  {
    header: "Balance due",
    value: ({ ride, registration }) =>
      balanceCell(ride, registration, (_paise, withBalance) => balanceDueDate(withBalance)),
  },
  { header: "Waiver", value: ({ waiver }) => WAIVER_STATE_LABELS[waiver.state] },
  { header: "Waiver version accepted", value: ({ waiver }) => waiver.version ?? "" },
  { header: "Waiver name typed", value: ({ registration }) => registration.waiverName },
  { header: "Waiver accepted at", value: ({ registration }) => registration.waiverAcceptedAt ?? "" },
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
  const current = new Map<string, { id: string } | null>();
  for (const id of rideIds) current.set(id, await currentWaiver(db, id));
  const versionOf = await versionNumbers(
    db,
    rows.map((row) => row.waiver_id),
  );
  return rows
    .map((row) => ({
      ride: byId.get(row.ride_id) ?? null,
      registration: registrationFromRow(row),
      waiver: {
        version: row.waiver_id ? (versionOf.get(row.waiver_id) ?? null) : null,
        state: waiverStateOf(current.get(row.ride_id) ?? null, row.waiver_id),
      },
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
