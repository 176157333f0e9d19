import { FALLBACK_CONFIG } from "~/domain/defaults";
import type { SiteConfig } from "~/domain/content";
import type { Database } from "../db/schema.server";
import { saveConfig } from "../content/config.server";
import { hasAnyContent } from "../content/content-presence.server";
import { saveFeaturedRide } from "../content/featured.server";
import { createRide } from "../rides/rides.server";
import { createSlide } from "../content/slides.server";
import type { ObjectStorage } from "../storage/storage.server";
import { DEMO_IMAGES } from "./demo-images.server";
import { seedDemoRoute } from "./demo-route.server";
import { demoCancelledRides, demoCompletedRides, demoUpcomingRides } from "./demo-rides.server";
import { rideHref } from "~/domain/links";
import { serverClock } from "../clock.server";

const DEMO_SLIDES = [
  {
    title: "Ride to the Roof of the World",
    subtitle: "Leh–Ladakh Expedition",
    tagline: "Eleven days, five high passes, one unforgettable crew",
    cta: "Explore Rides",
    background: DEMO_IMAGES.ladakh,
  },
  {
    title: "Chase the Monsoon",
    subtitle: "Western Ghats weekender",
    tagline: "Waterfalls, mist and winding ghats, three days from Pune",
    cta: "Join the Ride",
    background: DEMO_IMAGES.ghats,
  },
  {
    title: "Forts, Dunes and Desert Roads",
    subtitle: "Royal Rajasthan",
    tagline: "From Jaipur's pink walls to Jaisalmer's golden sands",
    cta: "View Dates",
    background: DEMO_IMAGES.rajasthan,
  },
];

/**
 * The contact configuration, with a UPI payee so the demo's booking page shows its QR code. The
 * handle is no bank's ("@demo"): a UPI app refuses it, so nobody pays a stranger from the demo.
 */
export const DEMO_CONFIG: SiteConfig = {
  ...FALLBACK_CONFIG,
  company: { ...FALLBACK_CONFIG.company, upiId: "roadbookriders@demo", upiName: "Roadbook Riders" },
};

/**
 * Fills a brand-new database with demo content through the same services the admin uses,
 * so it obeys every rule: rides of each status with dates relative to `today` (upcoming
 * ones stay upcoming), three hero slides, a featured banner on the Ladakh ride, which also has
 * a route (its GPX in the upload storage) and registration on this site, and the contact
 * configuration. Returns false and writes nothing when any content exists: demo content never
 * lands on top of a community's own.
 */
export async function seedDemoContent(
  { db, storage }: { db: Database; storage: ObjectStorage },
  today = serverClock(),
): Promise<boolean> {
  if (await hasAnyContent(db)) return false;
  await saveConfig(db, DEMO_CONFIG);
  for (const slide of DEMO_SLIDES) await createSlide(db, slide);
  const rides = [];
  for (const ride of [...demoUpcomingRides(today), ...demoCompletedRides(today), ...demoCancelledRides(today)]) {
    rides.push(await createRide(db, ride));
  }
  const ladakh = rides.find((ride) => ride.image === DEMO_IMAGES.ladakh && ride.status === "upcoming");
  if (ladakh) {
    await seedDemoRoute({ db, storage }, ladakh.id);
    await saveFeaturedRide(db, {
      title: "Ride of the Year",
      subtitle: ladakh.title,
      description:
        "Khardung La, Pangong Tso and the Nubra dunes with a crew that has ridden them a dozen times. Only fifteen places.",
      image: ladakh.image,
      ctaText: "Know More",
      ctaLink: rideHref(ladakh.id),
      isActive: true,
    });
  }
  return true;
}
