import { Link } from "react-router";
import {
  ADMIN_CONTACT_PATH,
  ADMIN_FEATURED_PATH,
  ADMIN_HERO_PATH,
  ADMIN_RIDES_PATH,
  ADMIN_STATS_PATH,
} from "~/domain/admin-links";

const STEPS = [
  {
    text: "Add your rides, with dates, itinerary, pricing and a booking form link.",
    to: ADMIN_RIDES_PATH,
    link: "Ride Management",
  },
  { text: "Set the hero slides that greet visitors on the home page.", to: ADMIN_HERO_PATH, link: "Hero Section" },
  { text: "Feature one ride in the home page banner.", to: ADMIN_FEATURED_PATH, link: "Featured Ride" },
  { text: "Fill in the company's contact details and social links.", to: ADMIN_CONTACT_PATH, link: "Contact Info" },
  { text: "Check the statistics shown on the Previous Events page.", to: ADMIN_STATS_PATH, link: "Statistics" },
] as const;

export function GettingStarted() {
  return (
    <section aria-labelledby="getting-started-heading" className="space-y-3">
      <h2 id="getting-started-heading" className="font-display text-xl font-bold text-ink-900">
        Getting started
      </h2>
      <ol className="space-y-3 rounded-card border border-ink-200 bg-white p-5 shadow-card">
        {STEPS.map((step, index) => (
          <li key={step.to} className="flex gap-3">
            <span
              aria-hidden="true"
              className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
            >
              {index + 1}
            </span>
            <p className="text-sm text-ink-700">
              {step.text}{" "}
              <Link to={step.to} className="font-semibold text-brand-700 underline underline-offset-2">
                {step.link}
              </Link>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
