import { SITE_NAME } from "~/domain/site";
import type { Executor } from "~/server/db/schema.server";
import type { Mail } from "~/server/mail/mailer.server";

// Who is told of a seat handed to a friend (docs/features/seat-transfer.md), and what they read:
// the booking reference and the ride, never a rider's name.

type Transferred = { reference: string; rideTitle: string };

/** The organisers of the ride: its captains, and every owner and editor. */
export async function rideOrganiserAddresses(db: Executor, rideId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("users")
    .select("email")
    .where((eb) =>
      eb.or([
        eb("role", "in", ["owner", "editor"]),
        eb.and([
          eb("role", "=", "captain"),
          eb("id", "in", eb.selectFrom("ride_captains").select("user_id").where("ride_id", "=", rideId)),
        ]),
      ]),
    )
    .orderBy("email")
    .execute();
  return rows.map((row) => row.email);
}

/** The organisers' mail: which seat changed hands, so the Riders page's new name is no surprise. */
export function seatTransferredTeamMail(to: string, { reference, rideTitle }: Transferred): Mail {
  return {
    to,
    subject: `Booking ${reference} on "${rideTitle}" was handed to another rider`,
    text: [
      `The rider of booking ${reference} on "${rideTitle}" handed their seat to a friend through the ${SITE_NAME} site.`,
      "",
      "The seat, its place in the list and its payments stay with the booking; the rider's details on the Riders page are the new rider's.",
    ].join("\n"),
  };
}

/** The original rider's mail: their seat has gone to the friend they gave the link to. */
export function seatHandedOnMail(to: string, { reference, rideTitle }: Transferred): Mail {
  return {
    to,
    subject: `Your seat on "${rideTitle}" was handed on — booking ${reference}`,
    text: [
      `The transfer link of booking ${reference} on "${rideTitle}" was used: the seat now belongs to the rider who opened it.`,
      "",
      "Your details are no longer attached to it, and your private booking link no longer opens it.",
      "If you did not share the link, contact the organisers at once.",
    ].join("\n"),
  };
}
