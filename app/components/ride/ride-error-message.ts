import { isRouteErrorResponse } from "react-router";
import { RIDE_DETAIL_MESSAGES, errorLoadingRideDetails, rideNotFoundMessage } from "~/domain/messages";

/** What the ride loader throws with a 404: the id asked for and how many rides a visitor can open. */
export type RideNotFoundData = { rideId: string; availableRides: number };
/** What the ride loader throws when the ride could not be loaded: a message fit for visitors. */
export type RideLoadErrorData = { message: string };

/** The heading of the error page and the SPEC §8 alert text for an error of the ride route. */
export function rideErrorMessage(error: unknown): { heading: string; alert: string } {
  if (isRouteErrorResponse(error) && error.status === 404) {
    const { rideId = "", availableRides = 0 } = (error.data ?? {}) as Partial<RideNotFoundData>;
    return { heading: RIDE_DETAIL_MESSAGES.notFound, alert: rideNotFoundMessage(rideId, availableRides) };
  }
  const message = isRouteErrorResponse(error)
    ? ((error.data as Partial<RideLoadErrorData> | null)?.message ?? error.statusText)
    : error instanceof Error
      ? error.message
      : "Unknown error";
  return { heading: "This ride could not be loaded", alert: errorLoadingRideDetails(message || "Unknown error") };
}
