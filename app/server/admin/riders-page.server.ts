import { data, type RouterContextProvider } from "react-router";
import { registrationSettingsOf, type RegistrationSettings } from "~/domain/registration/settings";
import type { Ride, RideStatus } from "~/domain/ride";
import { groupNumbers } from "~/domain/registration/rider-contact";
import { pendingCreditOf, riderBalance, type RiderRow } from "~/domain/registration/riders-page";
import { hasRole } from "~/domain/roles";
import { adminContext } from "../auth/admin-session.server";
import { pendingCreditsOf } from "~/features/credit/server/commands.server";
import { paymentTotals, type PaymentTotals } from "~/domain/registration/balance";
import type { Registration } from "../registrations/rows.server";
import {
  listRegistrations,
  registrationCounts,
  registrationFiltersSchema,
  type RegistrationCounts,
} from "../registrations/queries.server";
import { getRide } from "../rides/rides.server";
import { rideMessages, type MessageSummary } from "~/features/rider-messages/server/queries.server";
import { loadAdminPage } from "./load-page.server";
import { serverClock } from "../clock.server";
import { riderWaiverOf } from "~/features/waivers/domain/waiver";
import { currentWaiver } from "~/features/waivers/server/current-waiver.server";
import { versionNumbers } from "~/features/waivers/server/waivers.server";

export type RidersPageRide = {
  id: string;
  title: string;
  startDate: string;
  endDate: string;
  status: RideStatus;
  participants: number;
  registration: RegistrationSettings;
};

export type RidersFilters = { status: string; payment: string; search: string };

const NO_COUNTS: RegistrationCounts = { bookedSeats: 0, confirmed: 0, waitlisted: 0, cancelled: 0, checkedIn: 0 };

/** The messages the Riders page shows; the Messages page lists them all. */
const LATEST_MESSAGES = 3;

/** The page of a ride not found (or not loaded). */
const NOTHING = {
  ride: null,
  riders: [] as RiderRow[],
  counts: NO_COUNTS,
  numbers: "",
  /** Collected and still due over the confirmed riders (paise); null without a readable booking amount. */
  totals: null as PaymentTotals | null,
  messages: [] as MessageSummary[],
};

/** The current waiver of the ride and the number of each version its riders accepted. */
type Waivers = { current: { id: string } | null; versions: Map<string, number> };

function toRiderRow(
  ride: Ride,
  registration: Registration,
  now: Date,
  waivers: Waivers,
  credit: { entryId: string; amountPaise: number } | undefined,
): RiderRow {
  const { id, reference, name, phone, option, seats, status, payment, utr, pillionName, checkedInAt, createdAt } =
    registration;
  const erased = registration.erasedAt !== null;
  return {
    id,
    reference,
    name,
    phone,
    option,
    seats,
    status,
    payment,
    utr,
    balance: riderBalance(ride, registration, now),
    pillionName,
    checkedInAt,
    createdAt,
    erased,
    waiver: riderWaiverOf(waivers.current, waivers.versions, registration),
    pendingCredit: credit ? pendingCreditOf(registration.id, credit.entryId, credit.amountPaise) : null,
  };
}

/**
 * The data of a ride's Riders or check-in page: the ride, its registrations filtered by the
 * query string (an unknown filter value is no filter), and its counts. A ride that does not
 * exist loads as null, with a 404, and the page says so.
 */
export async function loadRidersPage(
  context: Readonly<RouterContextProvider>,
  rideId: string,
  url: URL,
  /** The Riders page also shows the ride's latest messages, each rider's copies and the WhatsApp queue. */
  { messages = false }: { messages?: boolean } = {},
) {
  const query = Object.fromEntries(url.searchParams);
  const filters = registrationFiltersSchema.parse(query);
  const shown: RidersFilters = {
    status: filters.status ?? "",
    payment: filters.payment ?? "",
    search: filters.search ?? "",
  };
  const page = await loadAdminPage(context, {
    what: "the riders of a ride",
    load: async (db) => {
      const ride = await getRide(db, rideId);
      if (!ride) return { ...NOTHING, filters: shown };
      const [registrations, confirmed, counts, latest, current] = await Promise.all([
        listRegistrations(db, ride.id, filters),
        listRegistrations(db, ride.id, { status: "confirmed" }),
        registrationCounts(db, [ride.id]),
        messages ? rideMessages(db, ride, LATEST_MESSAGES) : [],
        currentWaiver(db, ride.id),
      ]);
      const waivers: Waivers = {
        current,
        versions: await versionNumbers(
          db,
          registrations.map((registration) => registration.waiverId),
        ),
      };
      const page: RidersPageRide = {
        id: ride.id,
        title: ride.title,
        startDate: ride.startDate,
        endDate: ride.endDate,
        status: ride.status,
        participants: ride.participants,
        registration: registrationSettingsOf(ride),
      };
      const now = serverClock();
      // Owners and editors decide a cancelled booking's credit; captains do not see it.
      const credits = hasRole(context.get(adminContext).role, "editor")
        ? await pendingCreditsOf(
            db,
            registrations.filter((registration) => registration.status === "cancelled").map(({ id }) => id),
          )
        : new Map<string, { entryId: string; amountPaise: number }>();
      return {
        ride: page,
        riders: registrations.map((registration) =>
          toRiderRow(ride, registration, now, waivers, credits.get(registration.id)),
        ),
        counts: counts.get(ride.id) ?? NO_COUNTS,
        filters: shown,
        numbers: groupNumbers(confirmed),
        totals: paymentTotals(ride, confirmed),
        messages: latest,
      };
    },
    fallback: { ...NOTHING, filters: shown },
    loadError: "Error loading the riders: please try again",
  });
  // An unknown ride is a 404 (the page says so); a failed load keeps the admin kit's answer.
  return data(page, { status: page.ride || page.loadError ? 200 : 404 });
}
