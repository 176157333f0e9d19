import { describe, expect, it } from "vitest";
import type { LedgerEntry } from "./dues";
import { refundsLine, refundsShown } from "./refunds";

const AT = "2027-05-01T06:00:00.000Z";

let ids = 0;
function refund(overrides: Partial<LedgerEntry>): LedgerEntry & { id: string } {
  ids += 1;
  return {
    id: `entry-${ids}`,
    kind: "refund",
    part: null,
    amountPaise: 1_000_000,
    state: "claimed",
    method: "online",
    reference: null,
    createdAt: AT,
    ...overrides,
  };
}

describe("refundsShown", () => {
  it("reads claimed as pending, confirmed as processed with its proof, and a failed online refund as credit", () => {
    const shown = refundsShown([
      refund({ kind: "payment", state: "confirmed", reference: "pay_1" }),
      refund({}),
      refund({ method: "upi" }),
      refund({ state: "confirmed", reference: "rfnd_1" }),
      refund({ method: "upi", state: "confirmed", reference: "412345678901" }),
      refund({ state: "voided", reference: "rfnd_2" }),
      refund({ method: "credit", state: "confirmed", amountPaise: 50_000 }),
      // A credit the organisers declined is theirs to show, not a failed refund.
      refund({ method: "credit", state: "voided" }),
    ]);
    expect(shown.map(({ amount, how, stateLabel, detail }) => [amount, how, stateLabel, detail])).toEqual([
      [
        "₹10,000",
        "To your card or account",
        "Pending",
        "On its way: usually 5–7 working days to reach your card or account.",
      ],
      ["₹10,000", "To your UPI", "Pending", "The organisers will send it by UPI."],
      ["₹10,000", "To your card or account", "Processed", "Refund reference rfnd_1."],
      ["₹10,000", "To your UPI", "Processed", "UPI transaction id (UTR) 412345678901."],
      [
        "₹10,000",
        "To your card or account",
        "Failed",
        "The bank could not complete it: it is now credit for your next ride.",
      ],
      ["₹500", "As credit", "Processed", "Credit for your next ride."],
    ]);
    expect(refundsLine(shown.slice(0, 2))).toBe(
      "₹10,000 to your card or account: pending; ₹10,000 to your UPI: pending",
    );
    expect(refundsLine([])).toBe("");
  });
});
