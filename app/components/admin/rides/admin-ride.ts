import { registrationSettingsOf } from "~/domain/registration/settings";
import type { PublicationState } from "~/domain/publication";
import type { Ride } from "~/domain/ride";

/** What a card of the Ride Management page shows (product.md#admin-rides); the form loads the full ride. */
export type AdminRide = Pick<
  Ride,
  | "id"
  | "title"
  | "status"
  | "startDate"
  | "endDate"
  | "duration"
  | "distance"
  | "participants"
  | "description"
  | "order"
> & {
  /** Riders register on this site: the card links to the ride's Riders and check-in pages. */
  takesRegistrations: boolean;
  /** Draft and scheduled rides say so on their card (decision 025); published when not given. */
  publication?: PublicationState;
};

export function toAdminRide(ride: Ride): AdminRide {
  const { id, title, status, startDate, endDate, duration, distance, participants, description, order } = ride;
  const takesRegistrations = registrationSettingsOf(ride).mode === "site";
  return {
    id,
    title,
    status,
    startDate,
    endDate,
    duration,
    distance,
    participants,
    description,
    order,
    takesRegistrations,
  };
}

/** `rides` in the order of `ids` (an optimistic reorder); rides not listed keep their place after. */
export function inOrder<T extends { id: string }>(rides: readonly T[], ids: readonly string[] | undefined): T[] {
  if (!ids) return [...rides];
  const position = new Map(ids.map((id, index) => [id, index]));
  return [...rides].sort((a, b) => (position.get(a.id) ?? Infinity) - (position.get(b.id) ?? Infinity));
}
