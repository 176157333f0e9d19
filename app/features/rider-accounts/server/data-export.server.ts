import type { CreditEntry } from "~/features/credit/domain/credit";
import type { LedgerEntry } from "~/domain/registration/dues";
import { ledgersOf } from "~/server/registrations/ledger.server";
import type { RideFeedback } from "~/features/ride-words/domain/feedback";
import type { SavedDetails } from "~/features/rider-accounts/domain/account";
import type { Executor } from "~/server/db/schema.server";
import { creditEntriesOf } from "~/features/credit/server/ledger.server";
import { registrationFromRow } from "~/server/registrations/rows.server";
import { rideFromRow } from "~/server/rides/ride-rows.server";
import { feedbackFromRow } from "~/features/ride-words/server/rows.server";
import { savedDetailsOf } from "./saved-details.server";
import { serverClock } from "~/server/clock.server";
import { riderTaxOf } from "~/features/money-documents/domain/rider-tax";
import { holdersDocuments } from "~/features/money-documents/server/documents.server";

// "Your data" (/me/data.json, docs/features/rider-data.md): everything the site holds about a
// rider's account, for them to keep. Never the organisers' own note on the rider (admin_note),
// never a secret (tokens, passkeys' public keys).

export type RiderDataExport = {
  exportedAt: string;
  account: { email: string; createdAt: string; lastSeenAt: string };
  savedDetails: (SavedDetails & { savedAt: string }) | null;
  bookings: ExportedBooking[];
  credit: Omit<CreditEntry, "riderId">[];
  passkeys: { name: string; createdAt: string; lastUsedAt: string | null }[];
};

type ExportedBooking = {
  reference: string;
  ride: { title: string; startDate: string; endDate: string } | null;
  status: string;
  option: string;
  seats: number;
  createdAt: string;
  updatedAt: string;
  ledger: LedgerEntry[];
  answers: {
    name: string;
    mobile: string;
    email: string;
    emergencyName: string;
    emergencyPhone: string;
    bloodGroup: string;
    bikeModel: string;
    pillionName: string;
    licenceNumber: string;
    /** In GST mode: their state (its GST code) and a business's GSTIN (docs/features/money-documents.md). */
    gstState: string;
    gstin: string;
  };
  reminders: boolean;
  waiver: { acceptedAt: string; name: string } | null;
  checkedInAt: string | null;
  /** Their rating and words of the ride (docs/features/ride-words.md), in whatever state. */
  words: { rating: number; words: string; credit: string; status: string; createdAt: string; updatedAt: string } | null;
  /** The photos they sent for the ride's gallery (docs/features/ride-photos.md), in whatever state. */
  photos: { image: string; status: string; sentAt: string }[];
  /** The receipts and other money documents of the booking issued to them (docs/features/money-documents.md). */
  moneyDocuments: { code: string; type: string; issuedAt: string; amountPaise: number }[];
};

function exportedWords(feedback: RideFeedback | undefined): ExportedBooking["words"] {
  if (!feedback) return null;
  const { rating, words, credit, status, createdAt, updatedAt } = feedback;
  return { rating, words, credit, status, createdAt, updatedAt };
}

/** A booking's stored answers ({} when unreadable). */
function answersOf(data: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The rider's data as JSON, or null when the account is gone. */
export async function riderDataExport(
  db: Executor,
  riderId: string,
  now = serverClock(),
): Promise<RiderDataExport | null> {
  const account = await db
    .selectFrom("riders")
    .select(["email", "created_at", "last_seen_at"])
    .where("id", "=", riderId)
    .executeTakeFirst();
  if (!account) return null;
  const [saved, rows, credit, passkeys] = await Promise.all([
    savedDetailsOf(db, riderId),
    db.selectFrom("registrations").selectAll().where("rider_id", "=", riderId).orderBy("created_at").execute(),
    creditEntriesOf(db, riderId),
    db
      .selectFrom("rider_passkeys")
      .select(["name", "created_at", "last_used_at"])
      .where("rider_id", "=", riderId)
      .orderBy("created_at")
      .execute(),
  ]);
  const rideIds = [...new Set(rows.map((row) => row.ride_id))];
  const bookingIds = rows.map((row) => row.id);
  const [rides, words, photos] =
    bookingIds.length === 0
      ? [[], [], []]
      : await Promise.all([
          db.selectFrom("rides").selectAll().where("id", "in", rideIds).execute(),
          db.selectFrom("ride_feedback").selectAll().where("registration_id", "in", bookingIds).execute(),
          db
            .selectFrom("ride_photos")
            .select(["registration_id", "image", "status", "created_at"])
            .where("registration_id", "in", bookingIds)
            .orderBy("created_at")
            .orderBy("id")
            .execute(),
        ]);
  const byId = new Map(rides.map((row) => [row.id, rideFromRow(row)]));
  const ledgers = await ledgersOf(
    db,
    rows.map((row) => row.id),
  );
  const wordsOf = new Map(words.map((row) => [row.registration_id, feedbackFromRow(row)]));
  const documents = await holdersDocuments(db, bookingIds);
  return {
    exportedAt: now.toISOString(),
    account: { email: account.email, createdAt: account.created_at, lastSeenAt: account.last_seen_at },
    savedDetails: saved ? { ...saved.details, savedAt: saved.savedAt } : null,
    bookings: rows.map((row) => {
      const booking = registrationFromRow(row);
      const tax = riderTaxOf(answersOf(row.data));
      const ride = byId.get(booking.rideId);
      return {
        reference: booking.reference,
        ride: ride ? { title: ride.title, startDate: ride.startDate, endDate: ride.endDate } : null,
        status: booking.status,
        option: booking.option,
        seats: booking.seats,
        createdAt: booking.createdAt,
        updatedAt: booking.updatedAt,
        // The booking's ledger as it stands: charges, payments (their UTRs), refunds (decision 059).
        ledger: ledgers.get(booking.id) ?? [],
        answers: {
          name: booking.name,
          mobile: booking.phone,
          email: booking.email,
          emergencyName: booking.emergencyName,
          emergencyPhone: booking.emergencyPhone,
          bloodGroup: booking.bloodGroup,
          bikeModel: booking.bikeModel,
          pillionName: booking.pillionName,
          licenceNumber: booking.licenceNumber,
          gstState: tax.stateCode,
          gstin: tax.gstin,
        },
        reminders: booking.reminders,
        waiver: booking.waiverAcceptedAt ? { acceptedAt: booking.waiverAcceptedAt, name: booking.waiverName } : null,
        checkedInAt: booking.checkedInAt,
        words: exportedWords(wordsOf.get(booking.id)),
        photos: photos
          .filter((photo) => photo.registration_id === booking.id)
          .map((photo) => ({ image: photo.image, status: photo.status, sentAt: photo.created_at })),
        moneyDocuments: documents
          .filter((document) => document.registrationId === booking.id)
          .map(({ code, type, issuedAt, amountPaise }) => ({ code, type, issuedAt, amountPaise })),
      };
    }),
    credit: credit.map(({ riderId: _rider, ...entry }) => entry),
    passkeys: passkeys.map((row) => ({ name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at })),
  };
}
