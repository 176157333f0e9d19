import { Form, data, useActionData, useNavigation } from "react-router";
import { FormResult } from "~/components/admin/form-result";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { servicesContext } from "~/context";
import { readAdminForm, unreadableForm } from "~/server/admin/read-form.server";
import { adminActionContext } from "~/server/admin/respond.server";
import { ValidationError } from "~/server/validation/errors.server";
import { getRide } from "~/server/rides/rides.server";
import { rideCaptains, setRideCaptains } from "~/server/team/team.server";
import type { Route } from "./+types/ride-captains";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Captains${loaderData?.ride ? ` · ${loaderData.ride.title}` : ""} · Roadbook Admin` },
];

/** Who leads a ride (decision 026): its captains see and check in its riders. Owners and editors choose. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const ride = await getRide(db, params.rideId);
  if (!ride) throw data({ message: "Ride not found" }, { status: 404 });
  const { chosen, captains } = await rideCaptains(db, ride.id);
  return { ride: { id: ride.id, title: ride.title }, chosen, captains, loadError: null };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const ride = await getRide(db, params.rideId);
  if (!ride) return data({ ok: false, message: "Ride not found" }, { status: 404 });
  const read = await readAdminForm(request);
  if (!read.ok) return unreadableForm(read);
  try {
    // One command: the captains and the audit row naming the admin.
    await setRideCaptains(db, ride.id, read.form.getAll("captain"), { actor: adminActionContext(context).actor });
    return { ok: true, message: "Captains saved." };
  } catch (error) {
    if (error instanceof ValidationError) return data({ ok: false, message: error.message }, { status: 400 });
    throw error;
  }
}

export default function RideCaptainsPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const [flash] = useAdminPage(loaderData.loadError);
  const navigation = useNavigation();
  const { ride, chosen, captains } = loaderData;
  return (
    <AdminPage
      title={`Captains · ${ride.title}`}
      intro="The ride captains who lead this ride: they see its riders and check them in."
      flash={flash}
    >
      <FormResult result={result} />
      {captains.length === 0 ? (
        <p className="text-ink-700">The team has no ride captains yet: an owner invites them on the Team page.</p>
      ) : (
        <Form method="post" className="rounded-card bg-white p-5 shadow-card">
          <fieldset>
            <legend className="font-semibold text-ink-900">Captains of this ride</legend>
            {captains.map((captain) => (
              <label key={captain.id} className="mt-2 flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  name="captain"
                  value={captain.id}
                  defaultChecked={chosen.includes(captain.id)}
                  className="size-5"
                />
                {captain.displayName || captain.email}
              </label>
            ))}
          </fieldset>
          <button
            type="submit"
            disabled={navigation.state !== "idle"}
            className="mt-4 inline-flex min-h-11 items-center rounded-md bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
          >
            Save captains
          </button>
        </Form>
      )}
    </AdminPage>
  );
}
