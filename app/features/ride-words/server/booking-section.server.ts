import { RIDE_WORDS_INTENT, RIDE_WORDS_WITHDRAW_INTENT } from "~/features/ride-words/domain/booking";
import { serverClock } from "~/server/clock.server";
import { bookingSection } from "~/server/registries/booking-section.server";
import { rideWordsViewOf } from "./booking-words.server";
import { answerByToken, withdrawByToken } from "./commands.server";

/** The rider's words about the ride (docs/features/ride-words.md), under the page's Updates list. */
export const rideWordsSection = bookingSection({
  load: async ({ services: { db }, registration, ride }) => ({
    words: await rideWordsViewOf(db, registration, ride, serverClock()),
  }),
  notices: {
    words: "Thank you for your words: the team reads them before they appear on the ride's page.",
    "words-withdrawn": "Your words are withdrawn: they are on no page of the site any more.",
  },
  intents: {
    [RIDE_WORDS_INTENT]: async ({ services, token, values, done }) => {
      await answerByToken(services.db, token, values, serverClock());
      return done("words");
    },
    [RIDE_WORDS_WITHDRAW_INTENT]: async ({ services, token, done }) => {
      await withdrawByToken(services.db, token, serverClock());
      return done("words-withdrawn");
    },
  },
});
