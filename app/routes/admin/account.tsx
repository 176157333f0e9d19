import { Form, data, useActionData, useNavigation } from "react-router";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { FormAnswer } from "~/components/admin/form-answer";
import { Passkeys } from "~/components/admin/account/passkeys";
import { RecoveryCodes, TotpEnrolmentForm } from "~/components/admin/account/totp";
import { servicesContext } from "~/context";
import { type AccountActionResult, accountAction } from "~/server/admin/account-actions.server";
import { readAdminForm } from "~/server/admin/read-form.server";
import { adminContext } from "~/server/auth/admin-session.server";
import { listPasskeys } from "~/server/auth/passkeys.server";
import { secondFactorsOf } from "~/server/auth/two-factor.server";
import { requiresTwoFactor } from "~/server/services/team.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "Sign-in & Security · Roadbook Admin" }];

/** An admin's own sign-in (issue 15, decision 026): authenticator app, recovery codes, passkeys. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const user = context.get(adminContext);
  const [factors, required, passkeys] = await Promise.all([
    secondFactorsOf(db, user.id),
    requiresTwoFactor(db),
    listPasskeys(db, user.id),
  ]);
  return { factors, required, passkeys, loadError: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { id, email } = context.get(adminContext);
  const read = await readAdminForm(request);
  if (!read.ok) return data<AccountActionResult>({ ok: false, message: read.message }, { status: read.status });
  const { form } = read;
  const intent = form.get("intent");
  return accountAction(context.get(servicesContext), { id, email }, typeof intent === "string" ? intent : "", form);
}

const buttonClass =
  "inline-flex min-h-11 items-center rounded-md border border-ink-300 bg-white px-4 font-semibold text-ink-900 hover:bg-ink-50 disabled:opacity-70";

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const [flash] = useAdminPage(loaderData.loadError);
  const busy = useNavigation().state !== "idle";
  const { factors, required } = loaderData;
  const missing = required && !factors.totp && !factors.passkey;
  return (
    <AdminPage title="Sign-in & Security" intro="How you sign in to the admin portal." flash={flash}>
      {missing ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-medium text-amber-900">
          An owner requires two-factor sign-in: add an authenticator app or a passkey to continue using the portal.
        </p>
      ) : null}
      <FormAnswer answer={result} />
      {result?.recoveryCodes ? <RecoveryCodes codes={result.recoveryCodes} /> : null}

      <section aria-labelledby="totp-heading" className="rounded-card bg-white p-5 shadow-card">
        <h2 id="totp-heading" className="text-xl font-bold text-ink-900">
          Authenticator app
        </h2>
        {factors.totp ? (
          <>
            <p className="mt-1 text-ink-700">On: each sign-in asks for the app's six-digit code.</p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="totp-disable" />
              <button type="submit" disabled={busy} className={buttonClass}>
                Turn off the authenticator app
              </button>
            </Form>
          </>
        ) : result?.enrolment ? (
          <TotpEnrolmentForm enrolment={result.enrolment} busy={busy} />
        ) : (
          <>
            <p className="mt-1 text-ink-700">
              Off. Any authenticator app works (Google Authenticator, Microsoft Authenticator, 1Password…).
            </p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="totp-start" />
              <button type="submit" disabled={busy} className={buttonClass}>
                Set up an authenticator app
              </button>
            </Form>
          </>
        )}
      </section>

      <Passkeys passkeys={loaderData.passkeys} busy={busy} />

      <section aria-labelledby="recovery-heading" className="rounded-card bg-white p-5 shadow-card">
        <h2 id="recovery-heading" className="text-xl font-bold text-ink-900">
          Recovery codes
        </h2>
        <p className="mt-1 text-ink-700">
          {factors.recoveryCodesLeft} of 10 unused. Each signs you in once when your phone is not at hand.
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="recovery-codes" />
          <button type="submit" disabled={busy || (!factors.totp && !factors.passkey)} className={buttonClass}>
            Make new recovery codes
          </button>
        </Form>
      </section>
    </AdminPage>
  );
}
