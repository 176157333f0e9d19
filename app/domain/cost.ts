// Price display rules (product.md#costs, #booking-card).

const RUPEE = "₹";

/**
 * A cost as shown to visitors: '₹' prefixed when the admin left it out; null (hidden) when
 * empty or zero. Any spelling of zero ('0', '₹0', '₹ 0', '0.00', the number 0) hides it,
 * since each means "no cost to show".
 */
export function formatCost(value: unknown): string | null {
  const text =
    typeof value === "number"
      ? Number.isFinite(value)
        ? String(value)
        : ""
      : typeof value === "string"
        ? value.trim()
        : "";
  if (text === "") return null;
  const amount = text.startsWith(RUPEE) ? text.slice(RUPEE.length).trim() : text;
  if (amount === "" || Number(amount) === 0) return null;
  return text.startsWith(RUPEE) ? text : `${RUPEE}${text}`;
}

type Priced = { tripCost?: string; price?: string | number };

/**
 * The ride amount card. tripCost takes precedence over the legacy price whenever the admin
 * filled it in: a tripCost of '0' hides the card rather than reviving an old price, which
 * is the only way to hide a legacy price the form no longer edits.
 */
export function rideAmount(ride: Priced): { amount: string; note: "Total trip cost" | "per person" } | null {
  if (typeof ride.tripCost === "string" && ride.tripCost.trim() !== "") {
    const amount = formatCost(ride.tripCost);
    return amount === null ? null : { amount, note: "Total trip cost" };
  }
  const amount = formatCost(ride.price);
  return amount === null ? null : { amount, note: "per person" };
}

export function bookingAmount(ride: { bookingCost?: string }): { amount: string; note: "to reserve your spot" } | null {
  const amount = formatCost(ride.bookingCost);
  return amount === null ? null : { amount, note: "to reserve your spot" };
}

/** The cost badge of a ride card: the same amount as the ride amount card, or null when hidden. */
export function costBadge(ride: Priced): string | null {
  return rideAmount(ride)?.amount ?? null;
}
