import { Link } from "react-router";
import { Island } from "~/islands/island";
import { RideErrorAlert } from "./ride-error-alert";
import { rideErrorMessage } from "./ride-error-message";
import { UPCOMING_PATH } from "~/domain/links";

/**
 * product.md#ride-errors: a ride that does not exist, or that failed to load, is reported in an alert and
 * the visitor is taken to the upcoming rides. The server already answered with the error
 * status, so crawlers see a 404 (or 503) page with this text, not a redirect.
 */
export function RideError({ error }: { error: unknown }) {
  const { heading, detail, alert } = rideErrorMessage(error);
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-title font-bold text-ink-900">{heading}</h1>
      <p className="mt-4 whitespace-pre-line text-ink-700">{detail}</p>
      <Link
        to={UPCOMING_PATH}
        className="mt-8 inline-flex min-h-11 items-center rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
      >
        See upcoming rides
      </Link>
      {/* At load: the alert, then the upcoming rides, is what this page is for (product.md#ride-errors). */}
      <Island name="ride-error-alert" component={RideErrorAlert} props={{ alert }} hydrate="load" />
    </section>
  );
}
