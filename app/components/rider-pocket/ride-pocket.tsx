import { MessageCircle, Phone } from "lucide-react";
import { telHref } from "~/domain/social-links";
import { Island } from "~/islands/island";
import { SaveRideButton } from "./ride-pack-islands";

type Organiser = { name: string; phone: string; whatsapp: string };

/**
 * The ride page's "Save for the ride" panel (decision 023): the button that keeps the ride
 * for offline use, and the organiser's phone and WhatsApp, which a saved copy keeps too.
 */
export function RidePocket({
  ride,
  organiser,
}: {
  ride: { id: string; title: string; dates: string };
  organiser: Organiser;
}) {
  return (
    <section
      aria-labelledby="ride-pocket-heading"
      className="mt-6 space-y-4 rounded-card border border-ink-100 bg-white p-5 shadow-card"
    >
      <h2 id="ride-pocket-heading" className="text-xl font-bold text-ink-900">
        Take it on the ride
      </h2>
      <p className="text-sm text-ink-600">
        Keep this page, its photos and files on your phone to read the itinerary, things to carry and policy without a
        signal.
      </p>
      <Island
        name="save-ride"
        // Below the page on a phone: its code loads when the rider scrolls near it.
        hydrate="visible"
        component={SaveRideButton}
        props={{ rideId: ride.id, title: ride.title, dates: ride.dates }}
      />
      {organiser.phone || organiser.whatsapp ? (
        <div data-testid="ride-organiser">
          <h3 className="text-sm font-semibold text-ink-900">Organiser{organiser.name ? `: ${organiser.name}` : ""}</h3>
          <ul className="mt-1 text-sm font-semibold">
            {organiser.phone ? (
              <li>
                <a href={telHref(organiser.phone)} className="inline-flex min-h-11 items-center gap-2 text-brand-700">
                  <Phone aria-hidden="true" className="size-4" />
                  Call {organiser.phone}
                </a>
              </li>
            ) : null}
            {organiser.whatsapp ? (
              <li>
                <a
                  href={organiser.whatsapp}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center gap-2 text-brand-700"
                >
                  <MessageCircle aria-hidden="true" className="size-4" />
                  WhatsApp the organiser
                </a>
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
