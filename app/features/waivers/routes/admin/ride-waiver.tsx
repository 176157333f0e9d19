import { useActionData } from "react-router";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { WaiverEditor } from "~/features/waivers/components/waiver-editor";
import { servicesContext } from "~/context";
import { adminActionContext } from "~/server/admin/respond.server";
import { loadWaiverPage, waiverAction } from "~/features/waivers/server/waiver-page.server";
import type { Route } from "./+types/ride-waiver";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Waiver${loaderData?.ride ? ` · ${loaderData.ride.title}` : ""} · Roadbook Admin` },
];

/** A ride's waiver (docs/features/waivers.md): its text, versioned. Owners and editors write it. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return loadWaiverPage({ services: context.get(servicesContext) }, params.rideId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return waiverAction(request, adminActionContext(context), params.rideId);
}

export default function RideWaiverPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const [flash] = useAdminPage(loaderData.loadError);
  return (
    <AdminPage
      title={`Waiver · ${loaderData.ride?.title ?? ""}`}
      intro="What riders of this ride accept when they register, by typing their full name."
      flash={flash}
    >
      <WaiverEditor versions={loaderData.versions} siteDefault={loaderData.siteDefault} result={result} />
    </AdminPage>
  );
}
