import { formatRupees } from "~/domain/registration/balance";
import type { Dues } from "~/domain/registration/dues";
import type { Ride } from "~/domain/ride";
import type { Mail } from "../../mail/mailer.server";
import type { Registration } from "../../registrations/rows.server";

// The rider's receipt of an online payment (decision 060): what arrived and what is left, from
// the ledger as it is when the mail is written.

function leftLines(dues: Dues, balanceDueDate: string): string[] {
  const lines: string[] = [];
  if (dues.booking) {
    lines.push(
      dues.booking.paid
        ? "Booking amount: paid."
        : `Booking amount: ${formatRupees(dues.booking.leftPaise)} still to pay.`,
    );
  }
  if (dues.balance) {
    const by = balanceDueDate ? ` by ${balanceDueDate}` : "";
    lines.push(dues.balance.paid ? "Balance: paid." : `Balance: ${formatRupees(dues.balance.leftPaise)} to pay${by}.`);
  }
  return lines;
}

export function paymentReceivedMail({
  ride,
  registration,
  amountPaise,
  dues,
  balanceDueDate,
  link,
}: {
  ride: Pick<Ride, "title">;
  registration: Registration;
  amountPaise: number;
  dues: Dues;
  /** The balance's due date as pages say it ('3rd June 2027'); '' when due now. */
  balanceDueDate: string;
  /** The private booking page, absolute; null when it cannot be opened (link-seal.server.ts). */
  link: string | null;
}): Mail {
  const received = formatRupees(amountPaise);
  return {
    to: registration.email,
    subject: `Payment received: ${received} for ${ride.title} — booking ${registration.reference}`,
    text: [
      `Hello ${registration.name},`,
      "",
      `We received your online payment of ${received} for booking ${registration.reference} on "${ride.title}". Thank you.`,
      "",
      ...leftLines(dues, balanceDueDate),
      "",
      ...(link ? ["Your private booking page:", link] : ["Your private booking page is the link in your first mail."]),
    ].join("\n"),
  };
}
