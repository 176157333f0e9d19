import { Camera, Compass, HeartHandshake, MapPinned, ShieldCheck, Users } from "lucide-react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import { VehicleIconSwitch } from "~/components/vehicle-icon-switch";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { pageMetaTags, seoSite } from "~/domain/page-seo";
import { PageSections } from "~/components/page-sections";
import { ABOUT_PAGE_SECTIONS } from "~/features/slots/about-page";
import { servicesContext } from "~/context";
import { serverClock } from "~/server/clock.server";
import { loadParts } from "~/server/page-parts.server";
import { ABOUT_PAGE_PARTS } from "~/features/slots/about-page.server";
import type { Route } from "./+types/about";
import { CONTACT_PATH, UPCOMING_PATH } from "~/domain/links";

/** What the features show here (riders' words: app/features/slots/about-page.server.ts); the page goes without a part that fails to load. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.get(servicesContext);
  return { sections: await loadParts(logger, ABOUT_PAGE_PARTS, { db, now: serverClock() }) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMetaTags("about", seoSite(matches[1]?.loaderData, FALLBACK_CONFIG.company.name));
}

const REASONS = [
  {
    title: "Experience Adventures",
    text: "Mountain passes, coastal highways and forest trails you would not plan alone, scouted and timed by people who have ridden them.",
    Icon: Compass,
  },
  {
    title: "Build Connections",
    text: "Ride with people who share your love for the road. Strangers at the first fuel stop, friends by the last campfire.",
    Icon: HeartHandshake,
  },
  {
    title: "Create Memories",
    text: "Sunrises above the clouds, roadside chai and stories you will tell for years, with the photos and videos to prove it.",
    Icon: Camera,
  },
] as const;

const PROMISES = [
  { text: "Routes planned and recced in advance", Icon: MapPinned },
  { text: "Ride captain, sweep and backup support", Icon: ShieldCheck },
  { text: "Small groups, every level of rider welcome", Icon: Users },
] as const;

/** '/about' (product.md#about-page): who we are, what we do, why join, and the way to the rides and to us. */
export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="relative isolate overflow-hidden bg-ink-950 text-white">
        <ResponsiveImage
          src="/images/demo/mountains.webp"
          alt=""
          width={1600}
          height={900}
          sizes="100vw"
          priority
          className="absolute inset-0 -z-10 size-full object-cover opacity-45"
        />
        <div className="mx-auto max-w-7xl px-4 py-24 sm:px-6 sm:py-32 lg:px-8">
          <p className="text-sm font-semibold tracking-[0.2em] text-brand-300 uppercase">About us</p>
          <h1 className="mt-3 max-w-3xl text-hero font-extrabold">Turn Your Weekends Into Adventures</h1>
          <p className="mt-5 max-w-2xl text-lg text-ink-100 sm:text-xl">
            We are riders who got tired of waiting for the perfect holiday. So we made every weekend one, and invited
            everyone along.
          </p>
        </div>
      </section>

      <section
        aria-labelledby="what-we-do"
        className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-[auto_1fr] lg:px-8"
      >
        <VehicleIconSwitch />
        <div>
          <h2 id="what-we-do" className="text-title font-extrabold text-ink-900">
            What We Do
          </h2>
          <p className="mt-4 max-w-3xl text-lg text-ink-700">
            We organise group trips by motorbike and by jeep: quick weekend escapes close to the city and week-long
            expeditions to the Himalayas, the deserts and the coast. We handle routes, stays, permits and support, so
            you only have to ride.
          </p>
          <ul className="mt-6 grid gap-3 sm:grid-cols-3">
            {PROMISES.map(({ text, Icon }) => (
              <li key={text} className="flex items-start gap-2 text-ink-700">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
                {text}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="why-join" className="bg-sand-100">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="why-join" className="text-center text-title font-extrabold text-ink-900">
            Why Join Us
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {REASONS.map(({ title, text, Icon }) => (
              <li key={title} className="rounded-card bg-white p-8 shadow-card">
                <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-4 text-xl font-bold text-ink-900">{title}</h3>
                <p className="mt-2 text-ink-700">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <PageSections sections={ABOUT_PAGE_SECTIONS} data={loaderData.sections} props={{}} />

      <section aria-labelledby="about-cta" className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 lg:px-8">
        <h2 id="about-cta" className="text-title font-extrabold text-ink-900">
          Your next ride is waiting
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-lg text-ink-600">
          See where we are heading next, or tell us where you would like to go.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to={UPCOMING_PATH}
            className="inline-flex min-h-12 items-center rounded-full bg-brand-600 px-7 font-semibold text-white shadow-lg transition-colors hover:bg-brand-700"
          >
            View Upcoming Rides
          </Link>
          <Link
            to={CONTACT_PATH}
            className="inline-flex min-h-12 items-center rounded-full border-2 border-ink-900 px-7 font-semibold text-ink-900 transition-colors hover:bg-ink-900 hover:text-white"
          >
            Contact Us
          </Link>
        </div>
      </section>
    </>
  );
}
