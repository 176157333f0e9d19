import { FeaturedBanner } from "~/components/featured-banner";
import { previewBanner, usePreviewValues } from "~/components/admin/featured/preview";
import { requireAdmin } from "~/server/auth/admin-session.server";
import type { Route } from "./+types/featured-preview";

export const meta: Route.MetaFunction = () => [
  { title: "Banner preview · Roadbook Admin" },
  { name: "robots", content: "noindex" },
];

/**
 * The 'Preview Banner' pop-up (product.md#admin-featured). It sits outside the admin shell so the banner fills
 * the window as on the home page; the values come from the Featured Ride page that opened it
 * (see usePreviewPublisher), never from the server, and follow the admin's typing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function FeaturedPreview() {
  const values = usePreviewValues();
  return (
    <main className="min-h-screen bg-white">
      <h1 className="sr-only">Featured ride banner preview</h1>
      {values ? (
        <>
          {!values.isActive && (
            <p className="bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
              Preview only: this banner is not active, so visitors do not see it.
            </p>
          )}
          <div inert>
            <FeaturedBanner featured={previewBanner(values)} firstUpcomingRideId={null} />
          </div>
        </>
      ) : (
        <p className="p-8 text-center text-ink-600" aria-busy="true">
          Loading the preview… Open it with 'Preview Banner' on the Featured Ride page.
        </p>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="font-display text-2xl font-bold">Preview unavailable</h1>
      <p className="mt-2 text-ink-600">
        Sign in to the admin portal, then open the preview from the Featured Ride page.
      </p>
    </main>
  );
}
