import { isRouteErrorResponse } from "react-router";
import { RIDE_DETAIL_MESSAGES, errorLoadingRideDetails, rideNotFoundMessage } from "~/domain/messages";

/** What the ride loader throws with a 404: the id asked for and how many rides a visitor can open. */
export type RideNotFoundData = { rideId: string; availableRides: number };
/** What the ride loader throws when the ride could not be loaded: a message fit for visitors. */
export type RideLoadErrorData = { message: string };

export type RideErrorMessage = {
  /** The error page's heading. */
  heading: string;
  /** What the page says under it. */
  detail: string;
  /** The alert (product.md#ride-errors). */
  alert: string;
};

export function rideErrorMessage(error: unknown): RideErrorMessage {
  if (isRouteErrorResponse(error) && error.status === 404) {
    const { rideId = "", availableRides = 0 } = (error.data ?? {}) as Partial<RideNotFoundData>;
    return {
      heading: RIDE_DETAIL_MESSAGES.notFound,
      detail: `Ride ID: ${rideId}\nAvailable rides: ${availableRides}`,
      alert: rideNotFoundMessage(rideId, availableRides),
    };
  }
  const message = isRouteErrorResponse(error)
    ? ((error.data as Partial<RideLoadErrorData> | null)?.message ?? error.statusText)
    : error instanceof Error
      ? error.message
      : "Unknown error";
  const shown = message || "Unknown error";
  return { heading: "This ride could not be loaded", detail: shown, alert: errorLoadingRideDetails(shown) };
}
