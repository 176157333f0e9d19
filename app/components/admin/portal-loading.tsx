import { LoaderCircle } from "lucide-react";

/** product.md#admin-shell: what shows while the admin session is being established. */
export const LOADING_ADMIN_PORTAL = "Loading Admin Portal...";

export function PortalLoading() {
  return (
    <div role="status" className="fixed inset-0 z-50 grid place-items-center bg-white/90">
      <p className="flex items-center gap-3 text-lg font-semibold text-ink-800">
        <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-brand-600" />
        {LOADING_ADMIN_PORTAL}
      </p>
    </div>
  );
}
