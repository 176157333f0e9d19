import type { RidersPagePart } from "~/server/registries/riders-page.server";
import { type MessageSummary, rideMessages } from "./queries.server";

/** The messages the Riders page shows; the Messages page lists them all. */
const LATEST_MESSAGES = 3;

/** The ride's latest messages on the Riders page, each rider's copies and the WhatsApp queue. */
export const riderMessagesRidersPage = {
  section: {
    load: async (db, ride) => ({ messages: await rideMessages(db, ride, LATEST_MESSAGES) }),
    none: { messages: [] as MessageSummary[] },
  },
} satisfies RidersPagePart<object, { messages: MessageSummary[] }>;
