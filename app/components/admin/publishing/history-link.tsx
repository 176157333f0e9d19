import { History } from "lucide-react";
import { Link } from "react-router";

/** A page's link to the history of the record it edits. */
export function HistoryLink({ to }: { to: string }) {
  return (
    <Link to={to} className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700">
      <History aria-hidden="true" className="size-4" />
      History
    </Link>
  );
}
