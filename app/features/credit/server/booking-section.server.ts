import { redirect } from "react-router";
import { ME_PATH } from "~/domain/links";
import { creditRefusal, USE_CREDIT_INTENT } from "~/features/credit/domain/credit";
import { bookingAccountOf } from "~/features/rider-accounts/server/join-booking.server";
import { signedInRider } from "~/features/rider-accounts/server/sessions.server";
import { serverClock } from "~/server/clock.server";
import { bookingSection } from "~/server/registries/booking-section.server";
import { creditOffer } from "./offer.server";
import { payWithCreditByToken } from "./pay-with-credit.server";

/** The signed-in rider's credit offered against the booking amount (docs/features/credit.md). */
export const creditSection = bookingSection({
  load: async ({ services: { db }, shared, registration, ride, dues }) => {
    // Their credit can pay a booking amount still unpaid, on a booking of their account (docs/features/credit.md).
    const rider = await shared(signedInRider);
    const account = rider ? bookingAccountOf(rider, registration) : null;
    const mayTakeCredit = rider && ride && (account === "yours" || account === "joined");
    if (
      mayTakeCredit &&
      creditRefusal({ ...registration, riderId: rider.id, booking: dues.booking }, rider.id) === null
    ) {
      return { credit: await creditOffer(db, rider.id, ride) };
    }
    return { credit: null };
  },
  notices: {
    "credit-used": "Your credit is spent on the booking amount: the page shows what is left to pay, if anything.",
  },
  intents: {
    [USE_CREDIT_INTENT]: async ({ services, request, context, token, done }) => {
      const rider = await signedInRider(request, context);
      if (!rider) return redirect(ME_PATH, { status: 303 });
      await payWithCreditByToken(services.db, token, rider.id, serverClock());
      return done("credit-used");
    },
  },
});
