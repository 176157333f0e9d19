import type { LucideIcon } from "lucide-react";
import type { AdminRole } from "~/domain/roles";

/**
 * A link of the admin sidebar (admin-nav.tsx), shown to the roles that may open its page
 * (decision 026); a feature's are listed in app/features/slots/admin-nav.ts.
 */
export type AdminNavLink = { to: string; label: string; icon: LucideIcon; role?: AdminRole };
