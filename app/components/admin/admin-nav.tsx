import {
  BarChart3,
  Bike,
  KeyRound,
  Landmark,
  LayoutDashboard,
  Megaphone,
  Phone,
  Star,
  Undo2,
  Users,
} from "lucide-react";
import { NavLink } from "react-router";
import { hasRole } from "~/domain/roles";
import {
  ADMIN_ACCOUNT_PATH,
  ADMIN_CONTACT_PATH,
  ADMIN_FEATURED_PATH,
  ADMIN_HERO_PATH,
  ADMIN_PATH,
  ADMIN_REFUNDS_PATH,
  ADMIN_RIDES_PATH,
  ADMIN_STATEMENT_PATH,
  ADMIN_STATS_PATH,
  ADMIN_TEAM_PATH,
} from "~/domain/admin-links";
import { featureNavLinks } from "~/features/slots/admin-nav";
import type { AdminNavLink } from "./admin-nav-link";

/**
 * product.md#admin-shell: the admin sidebar, in this order, the features' links after the core's content
 * sections, before the team and the account; a link shows to the roles that may open it (decision 026).
 */
export const ADMIN_NAV: readonly AdminNavLink[] = [
  { to: ADMIN_PATH, label: "Dashboard", icon: LayoutDashboard },
  { to: ADMIN_RIDES_PATH, label: "Ride Management", icon: Bike },
  { to: ADMIN_HERO_PATH, label: "Hero Section", icon: Megaphone },
  { to: ADMIN_FEATURED_PATH, label: "Featured Ride", icon: Star },
  { to: ADMIN_CONTACT_PATH, label: "Contact Info", icon: Phone },
  { to: ADMIN_STATS_PATH, label: "Statistics", icon: BarChart3 },
  ...featureNavLinks,
  { to: ADMIN_STATEMENT_PATH, label: "Bank Statement", icon: Landmark, role: "editor" },
  { to: ADMIN_REFUNDS_PATH, label: "Refunds", icon: Undo2, role: "editor" },
  { to: ADMIN_TEAM_PATH, label: "Team", icon: Users, role: "owner" },
  { to: ADMIN_ACCOUNT_PATH, label: "Sign-in & Security", icon: KeyRound },
];

/** The section links; the current one is marked (aria-current="page" and its colours). */
export function AdminNav({ role, onNavigate }: { role: string; onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {ADMIN_NAV.filter((link) => !link.role || hasRole(role, link.role)).map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <NavLink
            to={to}
            end
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 font-medium ${
                isActive ? "bg-brand-600 text-white" : "text-ink-700 hover:bg-ink-100 hover:text-ink-900"
              }`
            }
          >
            <Icon aria-hidden="true" className="size-5 shrink-0" />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
