import type { RouterContextProvider } from "react-router";
import { servicesContext } from "~/context";
import { rideMessages, type MessageSummary } from "./queries.server";
import { registrationCounts, type RegistrationCounts } from "~/server/registrations/queries.server";
import { getRide } from "~/server/rides/rides.server";
import { loadAdminPage } from "~/server/admin/load-page.server";

export type MessagesPageRide = { id: string; title: string; startDate: string; endDate: string };

const NO_COUNTS: RegistrationCounts = { bookedSeats: 0, confirmed: 0, waitlisted: 0, cancelled: 0, checkedIn: 0 };

/**
 * The data of a ride's Messages page (docs/features/rider-messages.md): the ride, how many riders
 * each status has (the composer's choices), and its messages with every rider's deliveries and
 * the WhatsApp links of the captain's queue. A ride that does not exist loads as null.
 */
export async function loadMessagesPage(context: Readonly<RouterContextProvider>, rideId: string) {
  const { env } = context.get(servicesContext);
  // Whether links in WhatsApp copies of older messages can be built is the message's own
  // origin; this one is shown only so the composer can say where riders' links will point.
  const origin = env.publicUrl;
  return loadAdminPage(context, {
    what: "the messages of a ride",
    load: async (db) => {
      const ride = await getRide(db, rideId);
      if (!ride) return { ride: null, counts: NO_COUNTS, messages: [] as MessageSummary[], origin };
      const [counts, messages] = await Promise.all([registrationCounts(db, [ride.id]), rideMessages(db, ride)]);
      const page: MessagesPageRide = {
        id: ride.id,
        title: ride.title,
        startDate: ride.startDate,
        endDate: ride.endDate,
      };
      return { ride: page, counts: counts.get(ride.id) ?? NO_COUNTS, messages, origin };
    },
    fallback: { ride: null, counts: NO_COUNTS, messages: [] as MessageSummary[], origin },
    loadError: "Failed to load the ride's messages",
  });
}
