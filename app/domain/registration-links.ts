// Kept only for app/server/services/registrations.server.ts, which imports bookingHref from
// here; every other link comes from ./links. Delete this file once that import names ./links.
export { bookingHref } from "./links";
