import { data, redirect } from "react-router";
import { YourDataPage } from "~/features/rider-accounts/components/your-data-page";
import { servicesContext } from "~/context";
import { accountEmail } from "~/features/rider-accounts/domain/account";
import { ME_ERASED_PATH, ME_PATH } from "~/domain/links";
import { accountRetentionPoints } from "~/features/rider-accounts/domain/saved-details";
import { pageTitle } from "~/domain/site";
import { creditLeftOf } from "~/features/credit/server/ledger.server";
import { readSmallForm } from "~/server/registrations/read-form.server";
import { eraseAccount } from "~/features/rider-accounts/server/account-erasure.server";
import { endRiderSession, RIDER_PAGE_HEADERS, signedInRider } from "~/features/rider-accounts/server/sessions.server";
import type { Route } from "./+types/me-data";

// /me/data, "Your data" (docs/features/rider-data.md): what the site holds about the signed-in
// rider and for how long, its export (/me/data.json), and the erasure of their account, which
// they confirm by typing its email address. Private to them: never cached anywhere.

export const CONFIRM_FIELD = "confirmEmail";
const CONFIRM_MESSAGE = "Type your account's email address to erase it";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(servicesContext);
  const rider = await signedInRider(request, context);
  const retention = accountRetentionPoints(env.registrationRetentionDays);
  if (!rider) {
    if (new URL(request.url).searchParams.has("erased")) {
      return data({ erased: true as const, retention }, { headers: RIDER_PAGE_HEADERS });
    }
    throw redirect(ME_PATH, { headers: RIDER_PAGE_HEADERS });
  }
  const creditLeftPaise = await creditLeftOf(db, rider.id);
  return data(
    { erased: false as const, retention, email: rider.email, creditLeftPaise },
    { headers: RIDER_PAGE_HEADERS },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const rider = await signedInRider(request, context);
  if (!rider) throw redirect(ME_PATH, { headers: RIDER_PAGE_HEADERS });
  const form = await readSmallForm(request);
  const typed = form.fields[CONFIRM_FIELD] ?? "";
  if (!form.ok || accountEmail(typed) !== rider.email) {
    return data({ typed, error: CONFIRM_MESSAGE }, { status: 400, headers: RIDER_PAGE_HEADERS });
  }
  await eraseAccount(context.get(servicesContext).db, rider.id);
  // The session went with the account: the browser forgets its cookie too.
  const cookie = await endRiderSession(request, context);
  return redirect(ME_ERASED_PATH, { status: 303, headers: { ...RIDER_PAGE_HEADERS, "Set-Cookie": cookie } });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta() {
  return [{ title: pageTitle("Your data") }, { name: "robots", content: "noindex" }];
}

export default function MeData({ loaderData, actionData }: Route.ComponentProps) {
  return <YourDataPage {...loaderData} confirmField={CONFIRM_FIELD} refused={actionData} />;
}
