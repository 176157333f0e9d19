import { guardServerAction } from "~/components/admin/action-result";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { HistoryLink } from "~/components/admin/publishing/history-link";
import { publishingHref } from "~/domain/admin-links";
import { ContactForm } from "~/components/admin/contact/contact-form";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { CONFIG_MESSAGES } from "~/domain/messages";
import { contactAction } from "~/routes/admin/contact.server";
import { loadAdminPage } from "~/server/admin/load-page.server";
import { adminActionContext } from "~/server/admin/respond.server";
import { getConfig } from "~/server/content/config.server";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () => [{ title: "Contact Info · Roadbook Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  return loadAdminPage(context, {
    what: "the contact configuration",
    load: async (db) => ({ config: await getConfig(db) }),
    // product.md#admin-contact: the message, then the fallback company data.
    fallback: { config: FALLBACK_CONFIG },
    loadError: CONFIG_MESSAGES.loadFailed,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, adminActionContext(context));
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return guardServerAction(request, serverAction, () => CONFIG_MESSAGES.updateError);
}

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const [flash, show] = useAdminPage(loaderData.loadError);
  return (
    <AdminPage
      title="Contact Information Management"
      intro="What visitors see on the Contact page and in the footer of every page."
      action={<HistoryLink to={publishingHref("config", "main")} />}
      flash={flash}
    >
      <ContactForm config={loaderData.config} onMessage={show} />
    </AdminPage>
  );
}
