import { formatRupees } from "~/domain/registration/balance";
import { rupeesField } from "./credit-input";

/** A cancelled booking's pending credit on the Riders page, for an owner or editor to decide. */
export type PendingCredit = {
  entryId: string;
  registrationId: string;
  /** '₹10,000'. */
  amount: string;
  /** The amount as the confirm form's field starts: '10000', '8000.50'. */
  rupees: string;
};

export function pendingCreditOf(registrationId: string, entryId: string, amountPaise: number): PendingCredit {
  return { entryId, registrationId, amount: formatRupees(amountPaise), rupees: rupeesField(amountPaise) };
}
