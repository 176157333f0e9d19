import { Printer } from "lucide-react";
import { data } from "react-router";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { RideNotFound } from "~/components/admin/riders/ride-summary";
import { formatDateRange } from "~/domain/dates";
import { formatIndianTime } from "~/domain/indian-time";
import type { RideDayRider } from "~/features/ride-day/domain/pack";
import { loadAdminPage } from "~/server/admin/load-page.server";
import { serverClock } from "~/server/clock.server";
import { loadEmergencySheet } from "~/features/ride-day/server/emergency.server";
import type { Route } from "./+types/ride-emergency";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Emergency sheet${loaderData?.sheet ? ` · ${loaderData.sheet.title}` : ""} · Roadbook Admin` },
];

/** The ride's confirmed riders and who to call for each (docs/features/ride-day.md#the-emergency-sheet). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const page = await loadAdminPage(context, {
    what: "a ride's emergency sheet",
    load: async (db) => ({ sheet: await loadEmergencySheet(db, params.rideId, serverClock()) }),
    fallback: { sheet: null },
    loadError: "Error loading the emergency sheet: please try again",
  });
  return data(page, { status: page.sheet || page.loadError ? 200 : 404 });
}

const bloodGroup = (value: string) => (value === "unknown" ? "Don't know" : value);

function Phone({ number }: { number: string }) {
  return number ? (
    <a href={`tel:${number}`} className="whitespace-nowrap underline print:no-underline">
      {number}
    </a>
  ) : null;
}

const cell = "border border-ink-300 px-2 py-1.5 align-top print:border-black";

function RiderRow({ rider }: { rider: RideDayRider }) {
  return (
    <tr className="break-inside-avoid">
      <td className={cell}>
        <span className="font-semibold">{rider.name}</span>
        <span className="block text-xs text-ink-600 print:text-black">{rider.reference}</span>
      </td>
      <td className={cell}>
        <Phone number={rider.phone} />
      </td>
      <td className={`${cell} font-semibold`}>{bloodGroup(rider.bloodGroup)}</td>
      <td className={cell}>
        {rider.emergencyName}
        <span className="block">
          <Phone number={rider.emergencyPhone} />
        </span>
      </td>
      <td className={cell}>{rider.bike || (rider.option === "rental" ? "Rental" : "")}</td>
      <td className={cell}>{rider.licence}</td>
      <td className={cell}>{rider.pillionName}</td>
    </tr>
  );
}

/**
 * The emergency sheet for the support vehicle: a page that prints as a plain black-on-white
 * table (the admin frame hidden, no row split across pages), dated, since paper goes stale.
 */
export default function EmergencySheetPage({ loaderData }: Route.ComponentProps) {
  const { sheet } = loaderData;
  const [flash] = useAdminPage(loaderData.loadError);
  if (!sheet) {
    return (
      <AdminPage title="Emergency sheet" flash={flash}>
        {loaderData.loadError ? null : <RideNotFound />}
      </AdminPage>
    );
  }
  const captains = sheet.captains.map((captain) => captain.name || captain.email).join(", ");
  return (
    <AdminPage
      title={`Emergency sheet · ${sheet.title}`}
      action={
        <button
          type="button"
          onClick={() => window.print()}
          className="inline-flex min-h-11 items-center gap-2 rounded-md bg-ink-900 px-4 font-semibold text-white hover:bg-ink-700 print:hidden"
        >
          <Printer aria-hidden="true" className="size-4" />
          Print
        </button>
      }
      flash={flash}
    >
      <div className="space-y-1 text-ink-700 print:text-sm print:text-black">
        <p>
          {formatDateRange(sheet.startDate, sheet.endDate)}
          {sheet.meetingPoint ? ` · Meeting point: ${sheet.meetingPoint}` : ""}
        </p>
        {captains ? <p>Ride captains: {captains}</p> : null}
        <p data-testid="emergency-taken-at">As of {formatIndianTime(sheet.takenAt)}</p>
      </div>
      {sheet.riders.length === 0 ? (
        <p className="rounded-card border border-dashed border-ink-300 p-5 text-ink-700">No confirmed riders yet.</p>
      ) : (
        <div className="overflow-x-auto print:overflow-visible">
          <table className="w-full border-collapse bg-white text-sm text-ink-900 print:text-xs print:text-black">
            <caption className="sr-only">Confirmed riders and their emergency contacts</caption>
            <thead>
              <tr className="bg-ink-100 text-left print:bg-white">
                {["Rider", "Mobile", "Blood group", "Emergency contact", "Bike", "Licence", "Pillion"].map(
                  (heading) => (
                    <th key={heading} scope="col" className={`${cell} font-semibold`}>
                      {heading}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {sheet.riders.map((rider) => (
                <RiderRow key={rider.id} rider={rider} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminPage>
  );
}
