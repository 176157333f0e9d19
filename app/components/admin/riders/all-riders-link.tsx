import { Users } from "lucide-react";
import { Link } from "react-router";
import { ridersHref } from "~/domain/admin-links";

/** Back to a ride's Riders page, from the pages that work on its riders (check-in, messages). */
export function AllRidersLink({ rideId }: { rideId: string }) {
  return (
    <Link
      to={ridersHref(rideId)}
      className="inline-flex min-h-11 items-center gap-2 rounded-md border border-ink-300 bg-white px-4 text-sm font-medium text-ink-800 hover:bg-ink-50"
    >
      <Users aria-hidden="true" className="size-4" />
      All riders
    </Link>
  );
}
