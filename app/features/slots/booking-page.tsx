import type { BookingSlot } from "~/components/registration/booking-page";
import { PayWithCredit } from "~/features/credit/components/pay-with-credit";
import { BookingReceipts } from "~/features/money-documents/components/receipts-list";
import { bookingDocumentHref } from "~/features/money-documents/domain/links";
import type { ListedDocument } from "~/features/money-documents/domain/listed";
import { RiderPhotosSection } from "~/features/ride-photos/components/rider-photos-section";
import type { RiderPhotosView } from "~/features/ride-photos/domain/rider-photos";
import { RideWordsSection } from "~/features/ride-words/components/ride-words-form";
import { isRideWordsIntent, type RideWordsView } from "~/features/ride-words/domain/booking";
import { BookingAccountNote } from "~/features/rider-accounts/components/booking-account-note";
import type { Joined } from "~/features/rider-accounts/domain/my-rides";
import { type BookingUpdate, BookingUpdates } from "~/features/rider-messages/components/booking-updates";
import { PushUpdates, PushUpdatesOff } from "~/features/rider-messages/components/push-updates";
import { SeatTransferSection } from "~/features/seat-transfer/components/seat-transfer-section";
import { BookingWaiverSection } from "~/features/waivers/components/booking-waiver";
import { type BookingWaiver, WAIVER_INTENT } from "~/features/waivers/domain/waiver";
import { Island } from "~/islands/island";

// The features' sections of the rider's booking page (routes/public/booking.tsx, decision 050),
// in the order the page shows them at each place. Each reads its part of the loader's data, the
// part its booking section (the feature's server/booking-section.server.ts) read.

/** Where the booking stands with the signed-in rider's account, above the page. */
const riderAccounts: BookingSlot<{ account: Joined | null }> = {
  feature: "rider-accounts",
  place: "above",
  render: ({ part: { account } }) => (account ? <BookingAccountNote state={account} /> : null),
};

/** "Your photos of the ride", once the ride is over. */
const ridePhotos: BookingSlot<{ riderPhotos: RiderPhotosView | null }> = {
  feature: "ride-photos",
  place: "sections",
  render: ({ view, part: { riderPhotos }, answer }) =>
    riderPhotos ? <RiderPhotosSection href={view.href} view={riderPhotos} answer={answer} /> : null,
};

/** The Updates list and "Get updates on this phone" under it. */
const riderMessages: BookingSlot<{
  updates: BookingUpdate[];
  push: { publicKey: string; phones: string[] } | null;
}> = {
  feature: "rider-messages",
  place: "sections",
  render: ({ view, part: { updates, push } }) => (
    <>
      <BookingUpdates
        href={view.href}
        updates={updates}
        reminders={view.reminders}
        live={view.status !== "cancelled"}
      />
      {view.status === "cancelled" ? null : push ? (
        <Island
          name="push-updates"
          component={PushUpdates}
          props={{ action: view.href, publicKey: push.publicKey, phones: push.phones }}
          hydrate="visible"
        />
      ) : (
        <PushUpdatesOff />
      )}
    </>
  ),
};

/** The rider's words, under the Updates list where the ask for them arrives; they answer their own refusals. */
const rideWords: BookingSlot<{ words: RideWordsView | null }> = {
  feature: "ride-words",
  place: "sections",
  render: ({ view, part: { words }, answer }) =>
    words ? <RideWordsSection href={view.href} view={words} answer={answer} /> : null,
  shows: ({ words }, intent) => words !== null && isRideWordsIntent(intent),
};

/** The waiver the rider accepted, and the one to accept. */
const waivers: BookingSlot<{ waiver: BookingWaiver | null }> = {
  feature: "waivers",
  place: "sections",
  render: ({ view, part: { waiver }, answer }) =>
    waiver ? (
      <BookingWaiverSection
        waiver={waiver}
        href={view.href}
        answer={answer?.intent === WAIVER_INTENT ? answer : undefined}
      />
    ) : null,
  shows: ({ waiver }, intent) => intent === WAIVER_INTENT && waiver?.toAccept != null,
};

/** The signed-in rider's credit, offered against the booking amount. */
const credit: BookingSlot<{ credit: string | null }> = {
  feature: "credit",
  place: "bookingAmount",
  render: ({ view, part: { credit } }) => (credit ? <PayWithCredit href={view.href} available={credit} /> : null),
};

/** "Hand your seat to a friend", with the link just made shown once. */
const seatTransfer: BookingSlot<{ transfer: { offeredUntil: string | null } | null }> = {
  feature: "seat-transfer",
  place: "changes",
  render: ({ view, part: { transfer }, answer }) =>
    transfer ? (
      <SeatTransferSection href={view.href} offeredUntil={transfer.offeredUntil} link={answer?.transferLink ?? null} />
    ) : null,
};

/** Receipts: the booking's money documents, each a PDF. */
const moneyDocuments: BookingSlot<{ moneyDocuments: ListedDocument[] }> = {
  feature: "money-documents",
  place: "sections",
  render: ({ view, part: { moneyDocuments } }) => (
    <BookingReceipts documents={moneyDocuments} bookingHref={(code) => bookingDocumentHref(view.href, code)} />
  ),
};

export const bookingPageSlots = [
  riderAccounts,
  moneyDocuments,
  ridePhotos,
  riderMessages,
  rideWords,
  waivers,
  credit,
  seatTransfer,
];
