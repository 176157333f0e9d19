import type { ReactNode } from "react";
import type { RiderRow } from "~/domain/registration/riders-page";
import type { useRiderAction } from "./use-rider-action";

/**
 * A feature's part of a rider's card on the Riders page (app/features/slots/rider-card.tsx),
 * drawn from the facts its ridersPage part adds to the row; each part optional.
 */
export type RiderCardPart<Facts extends object> = {
  /** Its key among the card's parts. */
  name: string;
  /** A fact after the payments: its label and value; null: none for this rider. */
  fact?: (rider: RiderRow & Facts) => { label: string; value: ReactNode } | null;
  /** Below the card's buttons, a form of its own (a pending credit's decision); null: none. */
  below?: (rider: RiderRow & Facts, action: ReturnType<typeof useRiderAction>) => ReactNode;
};
