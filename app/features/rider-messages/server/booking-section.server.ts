import { redirect } from "react-router";
import { bookingHref } from "~/domain/links";
import { PUSH_SUBSCRIBE, PUSH_UNSUBSCRIBE } from "~/features/rider-messages/domain/push-message";
import { bookingSection } from "~/server/registries/booking-section.server";
import { PRIVATE_HEADERS, refused } from "~/server/registrations/booking-answers.server";
import { pushEndpointHashes, subscribePushByToken, unsubscribePushByToken } from "./push/subscriptions.server";
import { updatesFor } from "./queries.server";

const PUSH_OFF = "This site does not send notifications.";

/** The booking page's Updates list and its push opt-in (docs/features/push.md). */
export const riderMessagesSection = bookingSection({
  load: async ({ services: { db, env }, registration }) => {
    // The push opt-in: the site's key, and which phones are on (as hashes: no endpoint in the page).
    const [updates, phones] = await Promise.all([
      updatesFor(db, registration.id),
      env.push ? pushEndpointHashes(db, registration.id) : [],
    ]);
    return { updates, push: env.push ? { publicKey: env.push.publicKey, phones } : null };
  },
  // Posted by the push opt-in's script (push-updates.tsx), which reads only the status.
  intents: {
    [PUSH_SUBSCRIBE]: async ({ services, token, intent, values }) => {
      if (!services.env.push) return refused(409, { intent, values: {}, errors: {}, formError: PUSH_OFF });
      await subscribePushByToken(services.db, token, values);
      return redirect(bookingHref(token), { status: 303, headers: PRIVATE_HEADERS });
    },
    [PUSH_UNSUBSCRIBE]: async ({ services, token, values }) => {
      await unsubscribePushByToken(services.db, token, values);
      return redirect(bookingHref(token), { status: 303, headers: PRIVATE_HEADERS });
    },
  },
});
