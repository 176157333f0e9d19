import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { ADMIN_RIDES_PATH } from "~/domain/admin-links";

/** The way back from a ride's own admin pages (its route, its photos) to the rides list. */
export function BackToRides() {
  return (
    <Link to={ADMIN_RIDES_PATH} className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to rides
    </Link>
  );
}
