import { formatRupees } from "~/domain/registration/balance";
import { CREDIT_REFUSALS, creditRefusal } from "~/features/credit/domain/credit";
import type { Database } from "~/server/db/schema.server";
import { withRegistrationByToken } from "~/server/registrations/locked-registration.server";
import { lockedDues } from "~/server/registrations/payments.server";
import { registrationFromRow, type Registration } from "~/server/registrations/rows.server";
import { ridePagesChanged } from "~/server/rides/pages-changed.server";
import { ValidationError } from "~/server/validation/errors.server";
import { spendCreditOn } from "./booking-credit.server";
import { serverClock } from "~/server/clock.server";

// Credit spent on a booking made earlier (docs/features/credit.md, decision 041): a waitlisted
// booking confirmed since, or one made before the organisers confirmed the credit. The rider
// presses "Pay with my credit" on the booking page, signed in.

/**
 * Spends the signed-in rider's credit on the booking of `bookingToken`: under the ride's lock,
 * then the rider's (spendCreditOn), as a registration spends it, so the two never spend it
 * twice. Refused with the reason (features/credit/domain/credit.ts) when the booking cannot take it, or
 * when there is none left. Returns the booking and what was spent (formatted).
 */
export function payWithCreditByToken(
  db: Database,
  bookingToken: string,
  riderId: string,
  now = serverClock(),
): Promise<{ registration: Registration; spent: string }> {
  return withRegistrationByToken(
    db,
    bookingToken,
    async (command, row, ride) => {
      const registration = registrationFromRow(row);
      const dues = await lockedDues(command, row, ride);
      const refusal = creditRefusal({ ...registration, booking: dues.booking }, riderId);
      if (refusal) throw new ValidationError({ "": refusal });
      const spent = ride ? await spendCreditOn(command, row, ride, dues.booking?.leftPaise ?? 0) : 0;
      if (spent === 0) throw new ValidationError({ "": CREDIT_REFUSALS.noneLeft });
      // The Riders page shows the payment: its open copies hear of the change.
      await command.enqueue(ridePagesChanged(row.ride_id));
      return { registration, spent: formatRupees(spent) };
    },
    now,
  );
}
