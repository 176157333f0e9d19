import { useActionData } from "react-router";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { WaiverEditor } from "~/features/waivers/components/waiver-editor";
import { servicesContext } from "~/context";
import { SITE_WAIVER_SCOPE } from "~/features/waivers/domain/waiver";
import { adminActionContext } from "~/server/admin/respond.server";
import { loadWaiverPage, waiverAction } from "~/features/waivers/server/waiver-page.server";
import type { Route } from "./+types/waiver";

export const meta: Route.MetaFunction = () => [{ title: "Default waiver · Roadbook Admin" }];

/** The site's default waiver (docs/features/waivers.md): what every ride without its own uses. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadWaiverPage({ services: context.get(servicesContext) }, SITE_WAIVER_SCOPE);
}

export async function action({ request, context }: Route.ActionArgs) {
  return waiverAction(request, adminActionContext(context), SITE_WAIVER_SCOPE);
}

export default function WaiverPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const [flash] = useAdminPage(loaderData.loadError);
  return (
    <AdminPage
      title="Default waiver"
      intro="What riders accept on every ride that has no waiver of its own, by typing their full name."
      flash={flash}
    >
      <WaiverEditor versions={loaderData.versions} siteDefault={null} result={result} />
    </AdminPage>
  );
}
