import { guardServerAction } from "~/components/admin/action-result";
import { PublishingView } from "~/components/admin/publishing/publishing-view";
import { SERVER_UNREACHABLE } from "~/domain/messages";
import { loadAdminPage } from "~/server/admin/load-page.server";
import {
  NO_RECORD,
  PUBLISHING_MESSAGES,
  loadPublishingPage,
  publishingAction,
} from "~/server/admin/publishing-page.server";
import { adminActionContext } from "~/server/admin/respond.server";
import type { Route } from "./+types/contact-history";

export const meta: Route.MetaFunction = () => [{ title: "Contact information history · Roadbook Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  return loadAdminPage(context, {
    what: "the contact configuration's history",
    load: (db) => loadPublishingPage(db, "config", "main"),
    fallback: NO_RECORD,
    loadError: PUBLISHING_MESSAGES.loadFailed,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return publishingAction(request, "config", "main", adminActionContext(context));
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return guardServerAction(request, serverAction, () => SERVER_UNREACHABLE);
}

/** /admin/contact/history: every save of the contact information, and a way back to it. */
export default function ContactHistoryPage({ loaderData }: Route.ComponentProps) {
  return <PublishingView data={loaderData} collection="config" />;
}
