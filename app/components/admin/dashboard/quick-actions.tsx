import { BarChart3, Bike, Image, Phone } from "lucide-react";
import { Link } from "react-router";
import { ADMIN_CONTACT_PATH, ADMIN_HERO_PATH, ADMIN_RIDES_PATH, ADMIN_STATS_PATH } from "~/domain/admin-links";

const ACTIONS = [
  { to: ADMIN_RIDES_PATH, label: "Manage Rides", description: "Add, edit and reorder rides", Icon: Bike },
  { to: ADMIN_HERO_PATH, label: "Hero Section", description: "Slides of the home page carousel", Icon: Image },
  { to: ADMIN_CONTACT_PATH, label: "Contact Info", description: "Company details and social links", Icon: Phone },
  { to: ADMIN_STATS_PATH, label: "Statistics", description: "Figures shown to visitors", Icon: BarChart3 },
] as const;

export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions-heading" className="space-y-3">
      <h2 id="quick-actions-heading" className="font-display text-xl font-bold text-ink-900">
        Quick actions
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {ACTIONS.map(({ to, label, description, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full items-start gap-3 rounded-card border border-ink-200 bg-white p-4 shadow-card hover:border-brand-400 hover:shadow-card-hover"
            >
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
              <span>
                <span className="block font-semibold text-ink-900">{label}</span>
                <span className="block text-sm text-ink-600">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
