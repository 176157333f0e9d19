import { data } from "react-router";
import { requestContext } from "~/context";
import { transferHref } from "~/domain/links";
import { TRANSFER_OFFER_INTENT, TRANSFER_WITHDRAW_INTENT } from "~/features/seat-transfer/domain/transfer";
import { serverClock } from "~/server/clock.server";
import { type BookingAnswerData, bookingSection } from "~/server/registries/booking-section.server";
import { PRIVATE_HEADERS } from "~/server/registrations/booking-answers.server";
import { offerTransferByToken, seatTransferOf, withdrawTransferByToken } from "./transfer.server";

/** "Hand your seat to a friend" on the booking page (docs/features/seat-transfer.md). */
export const seatTransferSection = bookingSection({
  load: async ({ services: { db }, registration, ride }) => ({
    transfer: await seatTransferOf(db, registration, ride, serverClock()),
  }),
  notices: {
    // Said to the rider who took the seat, on their new page (routes/public/transfer.tsx).
    transferred: "The seat is yours. Keep this page's link: it is the only way to see, change or cancel your booking.",
    "transfer-withdrawn": "Your transfer link is withdrawn: it no longer opens your seat.",
  },
  intents: {
    [TRANSFER_OFFER_INTENT]: async ({ services, context, token, intent }) => {
      // The link is shown once, in this answer: only its hash is kept.
      const offer = await offerTransferByToken(services.db, token, serverClock());
      const transferLink = context.get(requestContext).origin + transferHref(offer.token);
      return data<BookingAnswerData>({ intent, values: {}, errors: {}, transferLink }, { headers: PRIVATE_HEADERS });
    },
    [TRANSFER_WITHDRAW_INTENT]: async ({ services, token, done }) => {
      await withdrawTransferByToken(services.db, token, serverClock());
      return done("transfer-withdrawn");
    },
  },
});
