import { guardServerAction } from "~/components/admin/action-result";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { HistoryLink } from "~/components/admin/publishing/history-link";
import { publishingHref } from "~/domain/admin-links";
import { FeaturedForm } from "~/components/admin/featured/featured-form";
import { FEATURED_MESSAGES } from "~/domain/messages";
import { featuredAction } from "~/routes/admin/featured.server";
import { loadAdminPage } from "~/server/admin/load-page.server";
import { adminActionContext } from "~/server/admin/respond.server";
import { getFeaturedRide } from "~/server/content/featured.server";
import type { Route } from "./+types/featured";

export const meta: Route.MetaFunction = () => [{ title: "Featured Ride · Roadbook Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  return loadAdminPage(context, {
    what: "the featured ride",
    load: async (db) => ({ featured: await getFeaturedRide(db) }),
    fallback: { featured: null },
    loadError: FEATURED_MESSAGES.loadError,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return featuredAction(request, adminActionContext(context));
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return guardServerAction(request, serverAction, () => FEATURED_MESSAGES.saveError);
}

export default function FeaturedPage({ loaderData }: Route.ComponentProps) {
  const [flash, show] = useAdminPage(loaderData.loadError);
  return (
    <AdminPage
      title="Featured Ride Management"
      intro="The banner shown on the home page, above the upcoming rides, while it is active."
      action={<HistoryLink to={publishingHref("featuredRide", "main")} />}
      flash={flash}
    >
      <FeaturedForm stored={loaderData.featured} onMessage={show} />
    </AdminPage>
  );
}
