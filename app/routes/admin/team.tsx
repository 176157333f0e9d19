import { Form, useActionData, useNavigation } from "react-router";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { FormAnswer } from "~/components/admin/form-answer";
import { InviteForm, InviteLink } from "~/components/admin/team/invite";
import { PendingInvites, TeamMembers } from "~/components/admin/team/team-members";
import { requestContext, servicesContext } from "~/context";
import { teamAction } from "~/routes/admin/team.server";
import { adminContext } from "~/server/auth/admin-session.server";
import { listPendingInvites, listTeam, requiresTwoFactor } from "~/server/team/team.server";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = () => [{ title: "Team · Roadbook Admin" }];

/** The Team page (decision 026): owners only, by the admin layout's guard. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const [members, invites, twoFactorRequired] = await Promise.all([
    listTeam(db),
    listPendingInvites(db),
    requiresTwoFactor(db),
  ]);
  return { members, invites, twoFactorRequired, me: context.get(adminContext).id, loadError: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { id, email } = context.get(adminContext);
  return teamAction(request, context.get(servicesContext), { id, email }, context.get(requestContext).origin);
}

export default function TeamPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const [flash] = useAdminPage(loaderData.loadError);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <AdminPage
      title="Team"
      intro="Who runs the portal, with which role. Invite by a one-time link; removing someone ends their sessions at once."
      flash={flash}
    >
      <FormAnswer answer={result} />
      {result?.inviteUrl ? <InviteLink url={result.inviteUrl} /> : null}
      <TeamMembers members={loaderData.members} me={loaderData.me} busy={busy} />
      <InviteForm errors={result?.ok ? undefined : result?.errors} busy={busy} />
      <PendingInvites invites={loaderData.invites} busy={busy} />
      <section aria-labelledby="two-factor-heading" className="rounded-card bg-white p-5 shadow-card">
        <h2 id="two-factor-heading" className="text-xl font-bold text-ink-900">
          Two-factor sign-in
        </h2>
        <p className="mt-1 text-ink-700">
          {loaderData.twoFactorRequired
            ? "Required: everyone signs in with a second factor (authenticator app or passkey); whoever has none sets one up before anything else."
            : "Optional: each admin may add an authenticator app or a passkey on their Sign-in & Security page."}
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="require-two-factor" />
          <input type="hidden" name="required" value={loaderData.twoFactorRequired ? "false" : "true"} />
          <button
            type="submit"
            disabled={busy}
            className="inline-flex min-h-11 items-center rounded-md border border-ink-300 bg-white px-4 font-semibold text-ink-900 hover:bg-ink-50"
          >
            {loaderData.twoFactorRequired ? "Make two-factor optional" : "Require two-factor for everyone"}
          </button>
        </Form>
      </section>
    </AdminPage>
  );
}
