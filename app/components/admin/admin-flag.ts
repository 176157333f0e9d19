/**
 * product.md#admin-access: a flag in the browser marking that an admin signed in. It is informational only
 * (the server never reads it; the session cookie is what counts), so a browser that refuses
 * storage (private mode, quota) simply goes without it.
 */
export const ADMIN_FLAG_KEY = "roadbook.admin";

export function setAdminFlag(): void {
  try {
    localStorage.setItem(ADMIN_FLAG_KEY, "true");
  } catch {
    // Storage refused: nothing depends on the flag.
  }
}

export function clearAdminFlag(): void {
  try {
    localStorage.removeItem(ADMIN_FLAG_KEY);
  } catch {
    // Storage refused: nothing depends on the flag.
  }
}
