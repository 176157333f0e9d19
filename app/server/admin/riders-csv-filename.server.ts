import { stringify } from "csv-stringify/sync";
import { OPTION_LABELS } from "~/domain/registration";
import type { Ride } from "~/domain/ride";
import type { Registration } from "../services/registration-rows.server";

// The Riders page's CSV export (issue 12): UTF-8 with a byte order mark, so Excel reads the
// riders' names in any script; one row per registration in registration order.

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** A moment as India time, '2026-11-24 20:35', which a spreadsheet sorts and reads as a date. */
function indianTime(iso: string | null): string {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? "" : new Date(time + IST_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}

const COLUMNS: readonly [string, (rider: Registration) => string | number][] = [
  ["Reference", (rider) => rider.reference],
  ["Name", (rider) => rider.name],
  ["Mobile", (rider) => rider.phone],
  ["Email", (rider) => rider.email],
  ["Option", (rider) => OPTION_LABELS[rider.option]],
  ["Seats", (rider) => rider.seats],
  ["Status", (rider) => rider.status],
  ["Payment", (rider) => rider.payment],
  ["UTR", (rider) => rider.utr],
  ["Checked in (IST)", (rider) => indianTime(rider.checkedInAt)],
  ["Registered at (IST)", (rider) => indianTime(rider.createdAt)],
  ["Emergency contact", (rider) => rider.emergencyName],
  ["Emergency mobile", (rider) => rider.emergencyPhone],
  ["Blood group", (rider) => rider.bloodGroup],
  ["Bike", (rider) => rider.bikeModel],
  ["Pillion", (rider) => rider.pillionName],
  ["Licence number", (rider) => rider.licenceNumber],
];

/**
 * A spreadsheet reads a cell starting with = + - @ (or a tab or carriage return) as a formula:
 * a rider could type one into their name. Such a cell gets a leading apostrophe (OWASP's
 * advice), which also keeps a mobile number such as +919876543210 text rather than a number.
 */
function neutralised(value: string | number): string | number {
  return typeof value === "string" && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function ridersCsv(riders: readonly Registration[]): string {
  return stringify(
    riders.map((rider) => COLUMNS.map(([, cell]) => neutralised(cell(rider)))),
    { bom: true, header: true, columns: COLUMNS.map(([header]) => header), record_delimiter: "windows" },
  );
}

/** The file's name: the ride's title in plain letters, digits and dashes, and its start date. */
export function ridersCsvFilename(ride: Pick<Ride, "title" | "startDate">): string {
  const slug = ride.title
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s_]+/g, "-")
    .toLowerCase()
    .slice(0, 60);
  return `riders-${slug || "ride"}${ride.startDate ? `-${ride.startDate}` : ""}.csv`;
}
