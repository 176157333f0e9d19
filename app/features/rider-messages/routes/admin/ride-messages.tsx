import { guardServerAction } from "~/components/admin/action-result";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { ComposeMessage } from "~/features/rider-messages/components/compose-message";
import { MessageList } from "~/features/rider-messages/components/message-list";
import { RideNotFound } from "~/components/admin/riders/ride-summary";
import { AllRidersLink } from "~/components/admin/riders/all-riders-link";
import { messagesAction } from "~/features/rider-messages/server/message-actions.server";
import { loadMessagesPage } from "~/features/rider-messages/server/messages-page.server";
import { adminActionContext } from "~/server/admin/respond.server";
import type { Route } from "./+types/ride-messages";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Messages${loaderData?.ride ? ` · ${loaderData.ride.title}` : ""} · Roadbook Admin` },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadMessagesPage(context, params.rideId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return messagesAction(request, adminActionContext(context), params.rideId);
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return guardServerAction(request, serverAction, () => "The message could not be sent: check your connection");
}

/** A ride's messages to its riders (docs/features/rider-messages.md): write one, follow each rider's copies, the WhatsApp queue. */
export default function RideMessagesPage({ loaderData }: Route.ComponentProps) {
  const { ride, counts, messages } = loaderData;
  const [flash, show] = useAdminPage(loaderData.loadError);
  if (!ride) {
    return (
      <AdminPage title="Messages" flash={flash}>
        {loaderData.loadError ? null : <RideNotFound />}
      </AdminPage>
    );
  }
  return (
    <AdminPage title={`Messages · ${ride.title}`} action={<AllRidersLink rideId={ride.id} />} flash={flash}>
      <ComposeMessage show={show} counts={counts} />
      <section aria-labelledby="sent-heading" className="space-y-3">
        <h2 id="sent-heading" className="font-display text-xl font-bold text-ink-900">
          Sent
        </h2>
        <MessageList messages={messages} show={show} />
      </section>
    </AdminPage>
  );
}
