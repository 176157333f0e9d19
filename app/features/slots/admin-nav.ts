import type { AdminNavLink } from "~/components/admin/admin-nav-link";
import { moneyDocumentsNavLink } from "~/features/money-documents/components/admin-nav-link";
import { ridersNavLink } from "~/features/rider-accounts/components/admin-nav-link";
import { waiverNavLink } from "~/features/waivers/components/admin-nav-link";

/** The features' links of the admin sidebar (components/admin/admin-nav.tsx), after the core's sections, in this order. */
export const featureNavLinks: readonly AdminNavLink[] = [ridersNavLink, waiverNavLink, moneyDocumentsNavLink];
