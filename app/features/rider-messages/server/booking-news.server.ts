import { SITE_ACTOR } from "~/domain/audit";
import type { Command } from "~/server/commands/command.server";
import type { BookingNews } from "~/server/registries/registration-hooks.server";
import { recipientById } from "./recipients.server";
import { writeRideMessage } from "./write.server";

// News about one rider's own booking (registered, seat confirmed, cancelled), written into
// their Updates list in the command that made it: the booking mails say it by email already.

export async function writeBookingNews(command: Command, news: BookingNews): Promise<void> {
  const recipient = await recipientById(command.trx, news.registrationId);
  if (!recipient) return;
  await writeRideMessage(
    command,
    { rideId: news.rideId, kind: "booking", subject: news.subject, body: news.body, origin: null, sentBy: SITE_ACTOR },
    [recipient],
  );
}
