import { Outlet, type MiddlewareFunction, isRouteErrorResponse, redirect } from "react-router";
import type { ReactNode } from "react";
import { AdminShell } from "~/components/admin/admin-shell";
import { LoginScreen } from "~/components/admin/login-screen";
import { useErrorReference } from "~/components/document-info";
import { pageTitle } from "~/domain/site";
import { adminAccessMiddleware, twoFactorEnrolmentMiddleware } from "~/server/auth/admin-access.server";
import { type LoginScreenData, adminContext, adminMiddleware } from "~/server/auth/admin-session.server";
import { contentVersion } from "~/server/content-events.server";
import type { Route } from "./+types/layout";
import { ADMIN_PATH } from "~/domain/admin-links";

/**
 * product.md#admin-shell: an unknown admin path goes to the admin root, signed in or not
 * (before the session check shows a login screen there).
 */
const unknownPathsGoHome: MiddlewareFunction<Response> = ({ params }) => {
  if (params["*"] !== undefined) throw redirect(ADMIN_PATH);
};

/**
 * Every route below this layout (pages, uploads, the live-update stream) runs only for a
 * signed-in admin: the middleware answers anyone else with a 401 whose data is the login
 * screen's, which the error boundary below renders in place, at whatever admin URL was asked.
 * Then the admin's role must be one the route admits (admin-access.server.ts), else a 403; and
 * while an owner requires two factors, an admin without one is sent to set one up.
 */
export const middleware: Route.MiddlewareFunction[] = [
  unknownPathsGoHome,
  ...adminMiddleware,
  adminAccessMiddleware,
  twoFactorEnrolmentMiddleware,
];

export function meta({ error }: Route.MetaArgs) {
  return [{ title: pageTitle(error ? "Admin sign-in" : "Admin") }, { name: "robots", content: "noindex, nofollow" }];
}

/** A loader makes client-side navigations between admin pages ask the server, and so pass the middleware. */
export function loader({ context }: Route.LoaderArgs) {
  const { email, displayName, role } = context.get(adminContext);
  // Read before the page's own loader reads its data (useLiveRevalidation).
  return { admin: { email, displayName, role }, liveVersion: contentVersion() };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell user={loaderData.admin}>
      <Outlet />
    </AdminShell>
  );
}

function isLoginScreenData(value: unknown): value is LoginScreenData {
  return typeof value === "object" && value !== null && "googleSignIn" in value;
}

function isRefusal(value: unknown): value is { forbidden: true; message: string } {
  return typeof value === "object" && value !== null && "forbidden" in value && "message" in value;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const reference = useErrorReference();
  if (isRouteErrorResponse(error) && error.status === 401 && isLoginScreenData(error.data)) {
    return <LoginScreen googleSignIn={error.data.googleSignIn} notice={error.data.notice} />;
  }
  if (isRouteErrorResponse(error) && error.status === 403 && isRefusal(error.data)) {
    return (
      <PortalErrorPage title="Not available to your role">
        <p className="mt-4 text-ink-700">{error.data.message}</p>
      </PortalErrorPage>
    );
  }
  return (
    <PortalErrorPage title="Something went wrong in the admin portal">
      <p className="mt-4 text-ink-700">Sorry, this page could not be shown. Please try again in a moment.</p>
      {reference ? (
        <p className="mt-4 text-sm text-ink-600">
          If it keeps happening, quote this reference: <code className="font-mono text-ink-900">{reference}</code>
        </p>
      ) : null}
    </PortalErrorPage>
  );
}

/** A page the portal shows instead of the one asked for: why, and the way back to the dashboard. */
function PortalErrorPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-xl px-6 py-16">
      <h1 className="text-2xl font-bold text-ink-900">{title}</h1>
      {children}
      <p className="mt-8">
        <a href={ADMIN_PATH} className="font-semibold text-brand-700 underline underline-offset-4">
          Back to the dashboard
        </a>
      </p>
    </main>
  );
}
