import type { RegistrationHooks } from "~/server/registries/registration-hooks.server";
import { writeBookingNews } from "./booking-news.server";

/** News about a rider's own booking, in their Updates list (docs/features/rider-messages.md). */
export const riderMessagesRegistrationHooks: RegistrationHooks = { news: writeBookingNews };
