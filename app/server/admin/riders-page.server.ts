import { data, type RouterContextProvider } from "react-router";
import { registrationSettingsOf, type RegistrationSettings } from "~/domain/registration/settings";
import type { Ride, RideStatus } from "~/domain/ride";
import { hasRole } from "~/domain/roles";
import { adminQuoteText, quoteCancellation } from "~/domain/registration/cancellation-quote";
import { REFUND_CHOICE_LABELS } from "~/domain/registration/refund-choice";
import type { Executor } from "../db/schema.server";
import { choicesOf, policyOfBooking } from "../registrations/refunds.server";
import { groupNumbers } from "~/domain/registration/rider-contact";
import { riderBalance, type RiderRow } from "~/domain/registration/riders-page";
import type { AllOf } from "~/domain/all-of";
import { features } from "~/features/index.server";
import { adminContext } from "../auth/admin-session.server";
import { amountOf, formatRupees } from "~/domain/registration/balance";
import { type Dues, duesMatch, duesTotals, type DuesTotals } from "~/domain/registration/dues";
import { chargesFor, duesOfBookings, ledgersOf } from "~/server/registrations/ledger.server";
import type { Registration } from "../registrations/rows.server";
import {
  listRegistrations,
  registrationCounts,
  registrationFiltersSchema,
  type RegistrationCounts,
} from "../registrations/queries.server";
import { getRide } from "../rides/rides.server";
import { loadAdminPage } from "./load-page.server";
import { serverClock } from "../clock.server";
import type { FeatureServer } from "../registries/feature.server";
import type { RidersPagePart } from "../registries/riders-page.server";
import type { RefundDue } from "~/domain/payments/refunds-due";
import { refundsDue } from "../payments/refunds-due.server";

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

/** The features' parts of the pages (their ridersPage), in the registry's order. */
type PartOf<Feature> = Feature extends { ridersPage: infer Part } ? Part : never;
type Part = PartOf<(typeof features)[number]>;
const parts: readonly RidersPagePart[] = (features as readonly FeatureServer[]).flatMap((feature) =>
  feature.ridersPage ? [feature.ridersPage] : [],
);

type FactsOf<P> = P extends { facts: (...args: never[]) => Promise<(registration: never) => infer Facts> }
  ? Facts
  : never;
type SectionOf<P> = P extends { section: { none: infer Section } } ? Section : never;
/** What the features add to each rider's row (a waiver, a pending credit). */
type RiderFacts = AllOf<FactsOf<Part>>;
/** What the features' sections of the Riders page show (the latest messages). */
type Sections = AllOf<SectionOf<Part>>;

/** A rider's row on the Riders and check-in pages: the core's and the features' facts. */
export type RidersPageRow = RiderRow & RiderFacts;

/** The features' sections of the Riders page with nothing to show (a ride not found or not loaded, the check-in page). */
const NO_SECTIONS = Object.assign({}, ...parts.map((part) => part.section?.none)) as Sections;

/** The page of a ride not found (or not loaded). */
const NOTHING = {
  ride: null,
  riders: [] as RidersPageRow[],
  counts: NO_COUNTS,
  numbers: "",
  /** Collected and still due over the confirmed riders (paise); null without a readable booking amount. */
  totals: null as DuesTotals | null,
  canOverride: false,
  ...NO_SECTIONS,
};

function toRiderRow(registration: Registration, dues: Dues, cancelling: Cancelling, refunds: RefundDue[]): RiderRow {
  const { id, reference, name, phone, option, seats, status, pillionName, checkedInAt, createdAt } = registration;
  const erased = registration.erasedAt !== null;
  return {
    id,
    reference,
    name,
    phone,
    option,
    seats,
    status,
    payment: dues.booking ? (dues.booking.paid ? "paid" : "due") : null,
    utr: dues.booking?.utr ?? "",
    balance: riderBalance(dues.balance),
    owedBack: dues.refundOwedPaise > 0 ? formatRupees(dues.refundOwedPaise) : null,
    refundsDue: refunds,
    pillionName,
    checkedInAt,
    createdAt,
    erased,
    ...cancelling,
  };
}

type Cancelling = Pick<RiderRow, "cancelQuote" | "refund">;

/**
 * What cancelling each booking would keep (a live one) and the money owed back not chosen yet
 * (a cancelled one, or any on a cancelled ride), from their policy snapshots and ledgers.
 */
async function cancellingOf(
  db: Executor,
  ride: Ride,
  registrations: readonly Registration[],
  dues: ReadonlyMap<string, Dues>,
  now: Date,
): Promise<Map<string, Cancelling>> {
  const ids = registrations.map((registration) => registration.id);
  const [ledgers, rows] = await Promise.all([
    ledgersOf(db, ids),
    ids.length === 0
      ? []
      : db
          .selectFrom("registrations")
          .select(["id", "cancellation_policy", "erased_at"])
          .where("id", "in", ids)
          .execute(),
  ]);
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  return new Map(
    registrations.map((registration) => {
      const row = rowOf.get(registration.id)!;
      const choices = choicesOf(row, ride).map((value) => ({ value, label: REFUND_CHOICE_LABELS[value] }));
      const quote =
        registration.status === "cancelled"
          ? null
          : quoteCancellation({
              policy: policyOfBooking(row, ride),
              entries: ledgers.get(registration.id) ?? [],
              status: registration.status,
              ride,
              now,
            });
      const owed = quote
        ? ride.status === "cancelled"
          ? quote.paidPaise
          : 0
        : dues.get(registration.id)!.refundToChoosePaise;
      return [
        registration.id,
        {
          cancelQuote: quote && {
            text: adminQuoteText(quote),
            kept: amountOf(quote.keptPaise),
            paid: amountOf(quote.paidPaise),
          },
          refund: owed > 0 && choices.length > 0 ? { amount: formatRupees(owed), choices } : null,
        },
      ];
    }),
  );
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
  /** The Riders page also shows the features' sections (the ride's latest messages); the check-in page does not. */
  { sections = false }: { sections?: boolean } = {},
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
      const [listed, confirmed, counts, sectionsShown, refunds] = await Promise.all([
        listRegistrations(db, ride.id, filters),
        listRegistrations(db, ride.id, { status: "confirmed" }),
        registrationCounts(db, [ride.id]),
        sections ? Promise.all(parts.map((part) => part.section?.load(db, ride))) : [NO_SECTIONS],
        refundsDue(db, { rideId: ride.id }),
      ]);
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
      const bookings = new Map([...listed, ...confirmed].map((registration) => [registration.id, registration]));
      const dues = await duesOfBookings(db, [...bookings.values()], ride, now);
      const { payment } = filters;
      const registrations = payment ? listed.filter((row) => duesMatch(dues.get(row.id)!, payment)) : listed;
      const role = context.get(adminContext).role;
      const factsOf = await Promise.all(parts.map((part) => part.facts?.(db, { ride, registrations, role })));
      const cancelling = await cancellingOf(db, ride, registrations, dues, now);
      return {
        ride: page,
        riders: registrations.map(
          (registration) =>
            Object.assign(
              toRiderRow(
                registration,
                dues.get(registration.id)!,
                cancelling.get(registration.id)!,
                refunds.filter((refund) => refund.registrationId === registration.id),
              ),
              ...factsOf.map((facts) => facts?.(registration)),
            ) as RidersPageRow,
        ),
        counts: counts.get(ride.id) ?? NO_COUNTS,
        filters: shown,
        // Owners and editors may keep another amount than the quote's when they cancel.
        canOverride: hasRole(role, "editor"),
        numbers: groupNumbers(confirmed),
        totals:
          chargesFor(ride, "solo").booking === undefined ? null : duesTotals(confirmed.map((row) => dues.get(row.id)!)),
        ...(Object.assign({}, ...sectionsShown) as Sections),
      };
    },
    fallback: { ...NOTHING, filters: shown },
    loadError: "Error loading the riders: please try again",
  });
  // An unknown ride is a 404 (the page says so); a failed load keeps the admin kit's answer.
  return data(page, { status: page.ride || page.loadError ? 200 : 404 });
}
