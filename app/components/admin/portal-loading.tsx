import { LoaderCircle } from "lucide-react";
import { useLocation, useNavigation } from "react-router";

/** SPEC §2: what shows while the admin session is being established. */
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

function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/** Shown while a client-side navigation from the public site loads the admin portal (its code and session). */
export function EnteringAdminPortal() {
  const navigation = useNavigation();
  const location = useLocation();
  const entering =
    navigation.state === "loading" && isAdminPath(navigation.location.pathname) && !isAdminPath(location.pathname);
  return entering ? <PortalLoading /> : null;
}
