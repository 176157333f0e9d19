import { formatRupees, paiseOf } from "~/domain/registration/balance";
import { rupeeAmount } from "~/domain/registration/payment";
import type { Executor } from "~/server/db/schema.server";
import { creditLeftOf } from "./ledger.server";

/**
 * The credit the registration form offers a signed-in rider ('₹1,500'), or null when they have
 * none or the ride has no booking amount to spend it on. Only an offer: register() spends what is
 * left under the rider's lock.
 */
export async function creditOffer(
  db: Executor,
  riderId: string,
  ride: { bookingCost: string },
): Promise<string | null> {
  if (paiseOf(rupeeAmount(ride.bookingCost)) === null) return null;
  const left = await creditLeftOf(db, riderId);
  return left > 0 ? formatRupees(left) : null;
}
