import { redirect } from "react-router";
import { bookingHref, ME_PATH } from "~/domain/links";
import { JOIN_INTENT, JOIN_REFUSALS } from "~/features/rider-accounts/domain/my-rides";
import { bookingSection } from "~/server/registries/booking-section.server";
import { refused } from "~/server/registrations/booking-answers.server";
import { bookingAccountOf, joinBooking } from "./join-booking.server";
import { signedInRider } from "./sessions.server";

/** Where the booking stands with the rider's account, on the booking page (docs/features/rider-accounts.md). */
export const riderAccountsSection = bookingSection({
  load: async ({ shared, registration }) => {
    // Opened signed in: an older booking of the account's address is offered to join it (docs/features/rider-accounts.md).
    const rider = await shared(signedInRider);
    return { account: rider ? bookingAccountOf(rider, registration) : null };
  },
  intents: {
    [JOIN_INTENT]: async ({ services, request, context, registration, token, intent }) => {
      const rider = await signedInRider(request, context);
      if (!rider) return redirect(ME_PATH, { status: 303 });
      const joined = await joinBooking(services.db, rider.id, registration.id);
      if (joined === "elsewhere" || joined === "other-email")
        return refused(400, { intent, values: {}, errors: {}, formError: JOIN_REFUSALS[joined] });
      return redirect(bookingHref(token), { status: 303 });
    },
  },
});
