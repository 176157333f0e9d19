import { WAIVER_INTENT } from "~/features/waivers/domain/waiver";
import { bookingSection } from "~/server/registries/booking-section.server";
import { acceptWaiverByToken } from "./accept.server";
import { bookingWaiver } from "./booking-waiver.server";

/** The ride's waiver on the booking page: the one the rider accepted, and the one to accept. */
export const waiversSection = bookingSection({
  load: async ({ services: { db }, registration }) => ({ waiver: await bookingWaiver(db, registration) }),
  notices: { waiver: "Thank you: the waiver is accepted." },
  intents: {
    [WAIVER_INTENT]: async ({ services, token, values, done }) => {
      await acceptWaiverByToken(services.db, token, values);
      return done("waiver");
    },
  },
});
