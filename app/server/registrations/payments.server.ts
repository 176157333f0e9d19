import type { Selectable } from "kysely";
import { balancePaise } from "~/domain/registration/balance";
import type { PaymentKind } from "~/domain/registration/settings";
import type { Ride } from "~/domain/ride";
import type { RegistrationsTable } from "../db/schema.server";
import { refuse } from "../validation/errors.server";
import { registrationFromRow } from "./rows.server";

// A booking's two payments, the booking amount and the balance: the rider gives each one's UTR
// (rider-changes.server.ts), an admin marks each received (admin-changes.server.ts).

export const NO_BALANCE = "This booking has no balance to pay";

export const UTR_COLUMNS = { booking: "utr", balance: "balance_utr" } as const satisfies Record<PaymentKind, string>;
export const PAYMENT_COLUMNS = { booking: "payment", balance: "balance_payment" } as const satisfies Record<
  PaymentKind,
  string
>;

/** Refuses the balance of a booking that has none: its ride has no balance for its option, or is gone. */
export function assertPaymentOwed(kind: PaymentKind, row: Selectable<RegistrationsTable>, ride: Ride | null): void {
  if (kind === "balance" && (!ride || balancePaise(ride, registrationFromRow(row).option) === null)) refuse(NO_BALANCE);
}
