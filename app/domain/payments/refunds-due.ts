// The refunds the organisers still have to see through (docs/features/refunds.md): a UPI refund
// they send themselves and record by its UTR, an online one on its way through Razorpay, and an
// online one the bank could not complete (given as credit instead). Shown on the ride's Riders
// page (the cancelled booking's card) and on Payments → Refunds.

export type RefundDue = {
  entryId: string;
  registrationId: string;
  /** The booking's reference. */
  booking: string;
  rideId: string;
  rideTitle: string;
  /** '₹10,000'. */
  amount: string;
  method: "upi" | "online";
  /** pending: claimed; failed: an online refund voided (now credit). */
  state: "pending" | "failed";
  /** Where it stands, in words. */
  stateLabel: string;
  /** ISO instant it was claimed. */
  since: string;
};

/** Where a refund due stands, as the admins read it. */
export function refundDueLabel(
  method: "upi" | "online",
  state: "pending" | "failed",
  reference: string | null,
): string {
  if (state === "failed") return "Failed at the bank: given as credit";
  if (method === "upi") return "To send by UPI, then record its UTR";
  return reference ? `Sent to Razorpay (${reference}): waiting for the bank` : "Waiting to be sent to Razorpay";
}
