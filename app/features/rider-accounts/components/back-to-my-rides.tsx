import { ArrowLeft } from "lucide-react";
import { ME_PATH } from "~/domain/links";

/** The way back from a rider's own page (details, data, passport) to My rides: the site's menu has no link there. */
export function BackToMyRides() {
  return (
    <a
      href={ME_PATH}
      className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      My rides
    </a>
  );
}
