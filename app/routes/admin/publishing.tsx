import { guardServerAction } from "~/components/admin/action-result";
import { PublishingView } from "~/components/admin/publishing/publishing-view";
import { SERVER_UNREACHABLE } from "~/domain/messages";
import { isRevisionCollection } from "~/domain/revisions";
import { loadAdminPage } from "~/server/admin/load-page.server";
import {
  NO_RECORD,
  PUBLISHING_MESSAGES,
  loadPublishingPage,
  publishingAction,
} from "~/server/admin/publishing-page.server";
import { adminActionContext, failed } from "~/server/admin/respond.server";
import type { Route } from "./+types/publishing";

/** The collections this page serves; the contact information has its own route (an owner's to change). */
function collectionOf(param: string) {
  return isRevisionCollection(param) && param !== "config" ? param : null;
}

export const meta: Route.MetaFunction = () => [{ title: "Publishing & history · Roadbook Admin" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const collection = collectionOf(params.collection);
  return loadAdminPage(context, {
    what: "a record's publishing and history",
    load: (db) => (collection ? loadPublishingPage(db, collection, params.recordId) : Promise.resolve(NO_RECORD)),
    fallback: NO_RECORD,
    loadError: PUBLISHING_MESSAGES.loadFailed,
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const collection = collectionOf(params.collection);
  if (!collection) return failed(404, PUBLISHING_MESSAGES.notFound);
  return publishingAction(request, collection, params.recordId, adminActionContext(context));
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return guardServerAction(request, serverAction, () => SERVER_UNREACHABLE);
}

/** /admin/publishing/{rides|heroSlides|featuredRide}/{id}: publication, preview link, revisions. */
export default function PublishingPage({ loaderData, params }: Route.ComponentProps) {
  return <PublishingView data={loaderData} collection={params.collection} />;
}
