import { Form, data, isRouteErrorResponse, redirect, useNavigation, useRouteError } from "react-router";
import { AccountField } from "~/components/admin/account-field";
import { requestContext, servicesContext } from "~/context";
import { ROLE_LABELS } from "~/domain/roles";
import { SITE_NAME, pageTitle } from "~/domain/site";
import { readAdminForm } from "~/server/admin/read-form.server";
import { secondFactorCookie, sessionCookie, sessionTokenOf } from "~/server/auth/admin-session.server";
import { googleSignInRedirect } from "~/server/auth/google-start.server";
import { afterFirstFactor } from "~/server/auth/sign-in.server";
import { ConflictError, NotFoundError, ValidationError } from "~/server/validation/errors.server";
import { type OpenInvite, acceptInvite, findInvite } from "~/server/team/team.server";
import { TEAM_MESSAGES } from "~/domain/team";
import { getUser } from "~/server/team/users.server";
import type { Route } from "./+types/invite";
import { ADMIN_PATH } from "~/domain/admin-links";

export function meta() {
  return [{ title: pageTitle("Join the admin team") }, { name: "robots", content: "noindex, nofollow" }];
}

/** The page and its answers are private: the path carries the invitation's token (never sent to another site). */
export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
}

const onTeam = () => data({ message: TEAM_MESSAGES.inviteeOnTeam }, { status: 409 });

/** The invitation of the link, or the page that says why it opens nothing. */
function openOrRefuse(invite: OpenInvite | null): OpenInvite {
  if (!invite) throw data({ message: TEAM_MESSAGES.inviteGone }, { status: 404 });
  if (invite.onTeam) throw onTeam();
  return invite;
}

/** An invitation link (decision 026): outside the admin layout, since the invitee has no session yet. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env } = context.get(servicesContext);
  const invite = openOrRefuse(await findInvite(db, params.token));
  return { email: invite.email, role: ROLE_LABELS[invite.role], googleSignIn: env.google !== undefined };
}

/**
 * Accepts: with a password the invitee is signed in (through the second factor, should the
 * account have one); with Google they go on to sign in there.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, logger } = context.get(servicesContext);
  // A link that opens nothing answers so before any field is looked at.
  openOrRefuse(await findInvite(db, params.token));
  const read = await readAdminForm(request);
  if (!read.ok) return data({ errors: undefined, message: read.message }, { status: read.status });
  const { form } = read;
  const method = form.get("method") === "google" ? "google" : "password";
  try {
    const { userId } = await acceptInvite(db, params.token, {
      method,
      displayName: form.get("displayName") ?? "",
      password: form.get("password") ?? "",
    });
    logger.info({ requestId: context.get(requestContext).requestId, userId }, "invitation accepted");
    // On to Google, as the login screen's button goes: its verified email links the account.
    if (method === "google") throw await googleSignInRedirect(context);
    const user = await getUser(db, userId);
    if (!user) throw data({ message: TEAM_MESSAGES.inviteGone }, { status: 404 });
    const signIn = await afterFirstFactor(db, user, sessionTokenOf(request, context));
    const cookie =
      signIn.ok === true ? sessionCookie(signIn.token, context) : secondFactorCookie(signIn.challenge, context);
    throw redirect(ADMIN_PATH, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ValidationError)
      return data({ errors: error.errors, message: error.message }, { status: 400 });
    if (error instanceof NotFoundError) throw data({ message: TEAM_MESSAGES.inviteGone }, { status: 404 });
    if (error instanceof ConflictError) throw onTeam();
    throw error;
  }
}

const buttonClass =
  "mt-4 flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-70";

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <main className="grid min-h-svh place-items-center bg-ink-50 px-4 py-10">
      <div className="w-full max-w-md rounded-card bg-white p-6 shadow-card sm:p-8">{children}</div>
    </main>
  );
}

export default function InvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <Frame>
      <h1 className="text-2xl font-bold text-ink-900">Join the {SITE_NAME} admin team</h1>
      <p className="mt-2 text-ink-700">
        You are invited as <strong>{loaderData.role}</strong>, with the address {loaderData.email}.
      </p>
      {actionData?.message ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {actionData.message}
        </p>
      ) : null}
      <Form method="post" className="mt-6">
        <input type="hidden" name="method" value="password" />
        <AccountField label="Your name" name="displayName" autoComplete="name" />
        <AccountField
          className="mt-4"
          label="Choose a password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={actionData?.errors?.password}
        />
        <button type="submit" disabled={navigation.state !== "idle"} className={buttonClass}>
          Set password and join
        </button>
      </Form>
      {loaderData.googleSignIn ? (
        <Form method="post" reloadDocument className="mt-4">
          <input type="hidden" name="method" value="google" />
          <button
            type="submit"
            className="flex min-h-11 w-full items-center justify-center rounded-lg border border-ink-300 bg-white px-4 py-2 font-semibold text-ink-900 hover:bg-ink-50"
          >
            Join with my Google account instead
          </button>
        </Form>
      ) : null}
    </Frame>
  );
}

/** Why the link opens nothing: used or expired, or the address is on the team already. */
function refusalOf(error: unknown): string {
  const message: unknown = isRouteErrorResponse(error) ? (error.data as { message?: unknown } | null)?.message : null;
  return message === TEAM_MESSAGES.inviteeOnTeam ? message : TEAM_MESSAGES.inviteGone;
}

export function ErrorBoundary() {
  return (
    <Frame>
      <h1 className="text-2xl font-bold text-ink-900">Invitation not valid</h1>
      <p className="mt-2 text-ink-700">{refusalOf(useRouteError())}</p>
    </Frame>
  );
}
