import { UserRound } from "lucide-react";
import type { AdminNavLink } from "~/components/admin/admin-nav-link";
import { ADMIN_RIDERS_PATH } from "~/domain/admin-links";

/** The riders directory (decision 040) in the admin sidebar: owners and editors, as its route admits. */
export const ridersNavLink: AdminNavLink = { to: ADMIN_RIDERS_PATH, label: "Riders", icon: UserRound, role: "editor" };
