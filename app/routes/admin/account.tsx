import { Form, data, useActionData, useNavigation } from "react-router";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { FormAnswer } from "~/components/admin/form-answer";
import { ConfirmIdentity } from "~/components/admin/account/confirm-identity";
import { Passkeys } from "~/components/admin/account/passkeys";
import { RecoveryCodes, TotpEnrolmentForm } from "~/components/admin/account/totp";
import { requestContext, servicesContext } from "~/context";
import { type AccountActionResult, accountAction } from "~/routes/admin/account.server";
import { readAdminForm } from "~/server/admin/read-form.server";
import { adminContext, adminSessionContext } from "~/server/auth/admin-session.server";
import { isProofFresh } from "~/server/auth/fresh-proof.server";
import { listPasskeys } from "~/server/auth/passkeys.server";
import { secondFactorsOf } from "~/server/auth/two-factor.server";
import { requiresTwoFactor } from "~/server/team/team.server";
import { hasPassword } from "~/server/team/users.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "Sign-in & Security · Roadbook Admin" }];

/**
 * An admin's own sign-in (decision 026): authenticator app, recovery codes, passkeys;
 * changing any of them first asks the admin to confirm it's them (decision 026, note of
 * 2026-11-26).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const user = context.get(adminContext);
  const [factors, required, passkeys, password] = await Promise.all([
    secondFactorsOf(db, user.id),
    requiresTwoFactor(db),
    listPasskeys(db, user.id),
    hasPassword(db, user.id),
  ]);
  const proof = {
    fresh: isProofFresh(context.get(adminSessionContext)),
    methods: { password, totp: factors.totp, passkey: factors.passkey },
  };
  return { factors, required, passkeys, proof, loadError: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { id, email } = context.get(adminContext);
  const read = await readAdminForm(request);
  if (!read.ok) return data<AccountActionResult>({ ok: false, message: read.message }, { status: read.status });
  const { form } = read;
  const intent = form.get("intent");
  const actor = {
    user: { id, email },
    session: context.get(adminSessionContext),
    clientIp: context.get(requestContext).clientIp,
  };
  return accountAction(context.get(servicesContext), actor, typeof intent === "string" ? intent : "", form);
}

const buttonClass =
  "inline-flex min-h-11 items-center rounded-md border border-ink-300 bg-white px-4 font-semibold text-ink-900 hover:bg-ink-50 disabled:opacity-70";

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const [flash] = useAdminPage(loaderData.loadError);
  const busy = useNavigation().state !== "idle";
  const { factors, required, proof } = loaderData;
  const missing = required && !factors.totp && !factors.passkey;
  // Every change needs a fresh proof: until then its buttons wait for it.
  const locked = busy || !proof.fresh;
  return (
    <AdminPage title="Sign-in & Security" intro="How you sign in to the admin portal." flash={flash}>
      {missing ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-medium text-amber-900">
          An owner requires two-factor sign-in: add an authenticator app or a passkey to continue using the portal.
        </p>
      ) : null}
      <FormAnswer answer={result} />
      {proof.fresh ? null : <ConfirmIdentity methods={proof.methods} busy={busy} />}
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
              <button type="submit" disabled={locked} className={buttonClass}>
                Turn off the authenticator app
              </button>
            </Form>
          </>
        ) : result?.enrolment ? (
          <TotpEnrolmentForm enrolment={result.enrolment} busy={locked} />
        ) : (
          <>
            <p className="mt-1 text-ink-700">
              Off. Any authenticator app works (Google Authenticator, Microsoft Authenticator, 1Password…).
            </p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="totp-start" />
              <button type="submit" disabled={locked} className={buttonClass}>
                Set up an authenticator app
              </button>
            </Form>
          </>
        )}
      </section>

      <Passkeys passkeys={loaderData.passkeys} busy={locked} />

      <section aria-labelledby="recovery-heading" className="rounded-card bg-white p-5 shadow-card">
        <h2 id="recovery-heading" className="text-xl font-bold text-ink-900">
          Recovery codes
        </h2>
        <p className="mt-1 text-ink-700">
          {factors.recoveryCodesLeft} of 10 unused. Each signs you in once when your phone is not at hand.
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="recovery-codes" />
          <button type="submit" disabled={locked || (!factors.totp && !factors.passkey)} className={buttonClass}>
            Make new recovery codes
          </button>
        </Form>
      </section>
    </AdminPage>
  );
}
