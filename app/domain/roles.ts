/**
 * The admin team's roles (decision 026), strongest first. An owner does everything,
 * the team and the contact configuration included; an editor the content (rides, slides,
 * featured ride, stats, images); a ride captain checks riders in and sees the riders of the
 * rides they lead, and only reads the rest. Any other role (e.g. `member`) is no admin at all.
 */
export const ADMIN_ROLES = ["owner", "editor", "captain"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ROLE_LABELS: Record<AdminRole, string> = {
  owner: "Owner",
  editor: "Editor",
  captain: "Ride captain",
};

export function isAdminRole(role: unknown): role is AdminRole {
  return typeof role === "string" && (ADMIN_ROLES as readonly string[]).includes(role);
}

/** Whether `role` may do what `needed` may: an owner what an editor may, an editor what a captain may. */
export function hasRole(role: string, needed: AdminRole): boolean {
  return isAdminRole(role) && ADMIN_ROLES.indexOf(role) <= ADMIN_ROLES.indexOf(needed);
}
