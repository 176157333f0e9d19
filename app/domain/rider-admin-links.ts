/** The admin's pages of a ride's registrations. */
export const ridersHref = (rideId: string) => `/admin/rides/${encodeURIComponent(rideId)}/riders`;
export const checkInHref = (rideId: string) => `/admin/rides/${encodeURIComponent(rideId)}/check-in`;
export const ridersCsvHref = (rideId: string) => `/admin/rides/${encodeURIComponent(rideId)}/riders.csv`;
