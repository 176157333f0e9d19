import { BackToRides } from "~/components/admin/rides/back-to-rides";
import { guardServerAction } from "~/components/admin/action-result";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { PhotoGrid, WaitingPhotos } from "~/features/ride-photos/components/photo-grid";
import { PhotoUploads } from "~/features/ride-photos/components/photo-uploads";
import { SERVER_UNREACHABLE } from "~/domain/messages";
import { loadAdminPage } from "~/server/admin/load-page.server";
import { adminActionContext } from "~/server/admin/respond.server";
import { ridePhotosAction } from "~/features/ride-photos/server/ride-photos-actions.server";
import { listRidePhotos } from "~/features/ride-photos/server/admin-photos.server";
import { getRide } from "~/server/rides/rides.server";
import type { Route } from "./+types/ride-photos";

const LOAD_FAILED = "The gallery could not be loaded. Please try again in a moment.";
export const meta: Route.MetaFunction = () => [{ title: "Photos · Roadbook Admin" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadAdminPage(context, {
    what: "the ride's gallery",
    load: async (db) => {
      const ride = await getRide(db, params.rideId);
      return {
        ride: ride && { id: ride.id, title: ride.title },
        photos: ride ? await listRidePhotos(db, ride.id) : [],
      };
    },
    fallback: { ride: null, photos: [] },
    loadError: LOAD_FAILED,
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return ridePhotosAction(request, params.rideId, adminActionContext(context));
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return guardServerAction(request, serverAction, () => SERVER_UNREACHABLE);
}

/** /admin/rides/{id}/photos: the ride's gallery (docs/features/ride-photos.md#the-admins-gallery). */
export default function RidePhotosPage({ loaderData }: Route.ComponentProps) {
  const { ride, photos } = loaderData;
  const [flash, show] = useAdminPage(loaderData.loadError);
  return (
    <AdminPage
      title={ride ? `Photos of ${ride.title}` : "Photos"}
      intro="The ride's gallery on its page and on Past Adventures: add, order and caption photos, choose the cover, and approve the riders' own."
      action={<BackToRides />}
      flash={flash}
    >
      {!ride ? (
        loaderData.loadError ? null : (
          <p>This ride no longer exists.</p>
        )
      ) : (
        <div className="space-y-10">
          <PhotoUploads />
          <section aria-labelledby="gallery-heading" className="space-y-3">
            <h2 id="gallery-heading" className="text-lg font-semibold text-ink-900">
              Gallery
            </h2>
            <p className="text-sm text-ink-600">
              The cover stands for the ride (its card, share card and sitemap); until you choose one, it is the first
              photo shown.
            </p>
            <PhotoGrid photos={photos} show={show} />
          </section>
          <section aria-labelledby="waiting-heading" className="space-y-3">
            <h2 id="waiting-heading" className="text-lg font-semibold text-ink-900">
              Waiting for approval
            </h2>
            <p className="text-sm text-ink-600">
              Riders' photos from their booking links. None is public before you approve it; each is credited by the
              rider's first name.
            </p>
            <WaitingPhotos photos={photos} show={show} />
          </section>
        </div>
      )}
    </AdminPage>
  );
}
