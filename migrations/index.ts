import type { Migration } from "kysely/migration";
import * as initial from "./2026-11-22T1000_initial";
import * as sessions from "./2026-11-22T1100_sessions";
import * as images from "./2026-11-22T1200_images";
import * as audit from "./2026-11-22T1300_audit";
import * as ridesByYear from "./2026-11-24T1000_rides_by_year";
import * as registrations from "./2026-11-25T1000_registrations";
import * as rideRoutes from "./2026-11-26T1000_ride_routes";
import * as publishing from "./2026-11-27T1000_publishing";
import * as team from "./2026-11-27T1300_team";
import * as totpLastStep from "./2026-11-27T1400_totp_last_step";
import * as publicationInstants from "./2026-11-28T1000_publication_instants";
import * as sessionProof from "./2026-11-28T1200_session_proof";
import * as outbox from "./2026-11-29T1000_outbox";
import * as riderMessages from "./2026-11-30T1000_rider_messages";
import * as balance from "./2026-11-30T1100_balance";
import * as pushSubscriptions from "./2026-11-30T1200_push_subscriptions";
import * as waivers from "./2026-12-01T1000_waivers";
import * as rideDay from "./2026-12-01T1100_ride_day";
import * as ridePhotos from "./2026-12-02T1000_ride_photos";
import * as rideFeedback from "./2026-12-02T1100_ride_feedback";
import * as riders from "./2026-12-03T1000_riders";
import * as riderLink from "./2026-12-03T1010_rider_link";
import * as messages from "./2026-12-03T1040_messages";
import * as bookingLedger from "./m0024_booking_ledger";
import * as paymentColumnsDropped from "./m0025_payment_columns_dropped";
import * as onlinePayments from "./m0026_online_payments";
import * as cancellationAndRefunds from "./m0027_cancellation_and_refunds";
import * as moneyDocuments from "./m0028_money_documents";
import * as refundUtrUnique from "./m0029_refund_utr_unique";

/**
 * Every migration, by name, in the order they apply. Imported statically (not read from disk) so
 * the bundled production server and the CLI run the very same list. A new migration is named
 * `m<next number>_<what it does>` and added at the end (decision 049; `naming.ts`).
 */
export const migrations: Record<string, Migration> = {
  "2026-11-22T1000_initial": initial,
  "2026-11-22T1100_sessions": sessions,
  "2026-11-22T1200_images": images,
  "2026-11-22T1300_audit": audit,
  "2026-11-24T1000_rides_by_year": ridesByYear,
  "2026-11-25T1000_registrations": registrations,
  "2026-11-26T1000_ride_routes": rideRoutes,
  "2026-11-27T1000_publishing": publishing,
  "2026-11-27T1300_team": team,
  "2026-11-27T1400_totp_last_step": totpLastStep,
  "2026-11-28T1000_publication_instants": publicationInstants,
  "2026-11-28T1200_session_proof": sessionProof,
  "2026-11-29T1000_outbox": outbox,
  "2026-11-30T1000_rider_messages": riderMessages,
  "2026-11-30T1100_balance": balance,
  "2026-11-30T1200_push_subscriptions": pushSubscriptions,
  "2026-12-01T1000_waivers": waivers,
  "2026-12-01T1100_ride_day": rideDay,
  "2026-12-02T1000_ride_photos": ridePhotos,
  "2026-12-02T1100_ride_feedback": rideFeedback,
  "2026-12-03T1000_riders": riders,
  "2026-12-03T1010_rider_link": riderLink,
  "2026-12-03T1040_messages": messages,
  m0024_booking_ledger: bookingLedger,
  m0025_payment_columns_dropped: paymentColumnsDropped,
  m0026_online_payments: onlinePayments,
  m0027_cancellation_and_refunds: cancellationAndRefunds,
  m0028_money_documents: moneyDocuments,
  m0029_refund_utr_unique: refundUtrUnique,
};
