import { FileSignature } from "lucide-react";
import type { AdminNavLink } from "~/components/admin/admin-nav-link";
import { ADMIN_WAIVER_PATH } from "~/domain/admin-links";

/** The site's default waiver (docs/features/waivers.md) in the admin sidebar: owners and editors, as its route admits. */
export const waiverNavLink: AdminNavLink = {
  to: ADMIN_WAIVER_PATH,
  label: "Default Waiver",
  icon: FileSignature,
  role: "editor",
};
