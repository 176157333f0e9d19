import { redirect } from "react-router";
import { ADMIN_PATH } from "~/domain/admin-links";

/**
 * product.md#admin-shell: unknown admin paths redirect to the admin root. The admin layout's middleware
 * redirects them before its session check; this loader states the route's own behaviour.
 */
export function loader() {
  return redirect(ADMIN_PATH);
}
