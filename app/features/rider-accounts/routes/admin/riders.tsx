import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { inputClass } from "~/components/admin/form/fields";
import { formatIndianShortDate } from "~/domain/dates";
import { adminRiderHref } from "~/domain/admin-links";
import { formatRupees } from "~/domain/registration/balance";
import { loadAdminPage } from "~/server/admin/load-page.server";
import {
  directorySearchSchema,
  listDirectory,
  type DirectoryRider,
} from "~/features/rider-accounts/server/directory.server";
import type { Route } from "./+types/riders";

export const meta: Route.MetaFunction = () => [{ title: "Riders · Roadbook Admin" }];

/** The riders directory (decision 040): owners and editors, by the admin layout's guard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = directorySearchSchema.parse(new URL(request.url).searchParams.get("search") ?? "");
  return loadAdminPage(context, {
    what: "the riders directory",
    load: async (db) => ({ riders: await listDirectory(db, search), search }),
    fallback: { riders: [] as DirectoryRider[], search },
    loadError: "The riders could not be loaded. Please reload the page.",
  });
}

export default function RidersDirectory({ loaderData }: Route.ComponentProps) {
  const { riders, search } = loaderData;
  const [flash] = useAdminPage(loaderData.loadError);
  return (
    <AdminPage
      title="Riders"
      intro="Every rider's account: the rides they rode, their credit and the team's note. Admins only; in no export."
      flash={flash}
    >
      <Form method="get" role="search" aria-label="Riders" className="flex flex-wrap items-end gap-2">
        <div className="min-w-60 flex-1">
          <label htmlFor="directory-search" className="block text-sm font-medium text-ink-800">
            Search
          </label>
          <input
            id="directory-search"
            name="search"
            type="search"
            defaultValue={search}
            placeholder="Name or email"
            className={`mt-1 ${inputClass}`}
          />
        </div>
        <button
          type="submit"
          className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
        >
          <Search aria-hidden="true" className="size-4" />
          Search
        </button>
      </Form>
      <p className="text-sm text-ink-600" aria-live="polite">
        {riders.length} {riders.length === 1 ? "rider" : "riders"} shown
      </p>
      {riders.length > 0 && (
        <div className="overflow-x-auto rounded-card bg-white shadow-card">
          <table className="w-full text-left text-sm" aria-label="Riders">
            <thead className="border-b border-ink-100 text-ink-600">
              <tr>
                <th scope="col" className="p-3 font-medium">
                  Rider
                </th>
                <th scope="col" className="p-3 font-medium">
                  Rides ridden
                </th>
                <th scope="col" className="p-3 font-medium">
                  Last ride
                </th>
                <th scope="col" className="p-3 font-medium">
                  Credit left
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {riders.map((rider) => (
                <tr key={rider.id} data-testid="directory-rider">
                  <td className="p-3">
                    <Link to={adminRiderHref(rider.id)} className="font-semibold text-brand-700 underline">
                      {rider.name || "(no name)"}
                    </Link>
                    <div className="text-ink-600">{rider.email}</div>
                  </td>
                  <td className="p-3 tabular-nums" data-testid="rides-ridden">
                    {rider.ridesRidden}
                  </td>
                  <td className="p-3">
                    {rider.lastRide
                      ? `${rider.lastRide.title} · ${formatIndianShortDate(rider.lastRide.startDate)}`
                      : "—"}
                  </td>
                  <td className="p-3 tabular-nums">{formatRupees(rider.creditLeftPaise)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminPage>
  );
}
