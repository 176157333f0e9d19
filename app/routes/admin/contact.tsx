import { guardServerAction } from "~/components/admin/action-result";
import { ContactForm } from "~/components/admin/contact/contact-form";
import { StatusMessage } from "~/components/admin/status-message";
import { useLiveRevalidation } from "~/components/admin/use-live-revalidation";
import { useLoadErrorMessage, useStatusMessage } from "~/components/admin/use-status-message";
import { servicesContext } from "~/context";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { CONFIG_MESSAGES } from "~/domain/messages";
import { contactAction } from "~/server/admin/contact-actions.server";
import { adminActionContext } from "~/server/admin/respond.server";
import { getConfig } from "~/server/services/config.server";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () => [{ title: "Contact Info · Roadbook Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.get(servicesContext);
  try {
    return { config: await getConfig(db), loadError: null };
  } catch (error) {
    // SPEC §8: the message, then the fallback company data.
    logger.error({ err: error }, "loading the contact configuration failed");
    return { config: FALLBACK_CONFIG, loadError: CONFIG_MESSAGES.loadFailed };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, adminActionContext(context));
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return guardServerAction(request, serverAction, () => CONFIG_MESSAGES.updateError);
}

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation();
  const { config, loadError } = loaderData;
  const [flash, show] = useStatusMessage();

  useLoadErrorMessage(loadError, show);

  return (
    <div className="space-y-6">
      <StatusMessage flash={flash} />
      <div>
        <h1 className="font-display text-3xl font-extrabold text-ink-900">Contact Information Management</h1>
        <p className="mt-1 text-ink-600">What visitors see on the Contact page and in the footer of every page.</p>
      </div>
      <ContactForm config={config} onMessage={show} />
    </div>
  );
}
