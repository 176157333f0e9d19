import { data, redirect } from "react-router";
import { FORGET_INTENT, SavedDetailsPage } from "~/features/rider-accounts/components/saved-details-form";
import { servicesContext } from "~/context";
import { ME_DETAILS_PATH, ME_PATH } from "~/domain/links";
import { SAVED_DETAIL_FIELDS } from "~/features/rider-accounts/domain/saved-details";
import { pageTitle } from "~/domain/site";
import { readSmallForm } from "~/server/registrations/read-form.server";
import { forgetSavedDetails, updateSavedDetails } from "~/features/rider-accounts/server/my-details.server";
import { savedDetailsOf } from "~/features/rider-accounts/server/saved-details.server";
import { RIDER_PAGE_HEADERS, signedInRider } from "~/features/rider-accounts/server/sessions.server";
import { ValidationError } from "~/server/validation/errors.server";
import type { Route } from "./+types/me-details";

// /me/details (docs/features/rider-data.md): the signed-in rider's saved details, to see, edit
// or forget. Private to them: never cached anywhere. Signed out, the rider signs in at /me.

const NOTICES: Record<string, string> = {
  saved: "Your details are saved.",
  forgotten: "Your saved details are forgotten.",
};

const TOO_LARGE = "The form was too large to read. Please shorten your answers and send it again.";
const NOT_THE_FORM = "The form could not be read. Please send it again from this page.";
const UNKNOWN_INTENT = "Choose what to do on this page.";

async function riderOrSignIn(request: Request, context: Route.LoaderArgs["context"]) {
  const rider = await signedInRider(request, context);
  if (!rider) throw redirect(ME_PATH, { headers: RIDER_PAGE_HEADERS });
  return rider;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const rider = await riderOrSignIn(request, context);
  const kept = await savedDetailsOf(context.get(servicesContext).db, rider.id);
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return data({ details: kept?.details ?? null, notice: NOTICES[done] ?? null }, { headers: RIDER_PAGE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const rider = await riderOrSignIn(request, context);
  const { db } = context.get(servicesContext);
  const form = await readSmallForm(request);
  const { intent, ...values } = form.fields;
  if (!form.ok) return data({ values, errors: { name: TOO_LARGE } }, { status: 413, headers: RIDER_PAGE_HEADERS });
  if (intent === FORGET_INTENT) {
    await forgetSavedDetails(db, rider.id);
    return redirect(`${ME_DETAILS_PATH}?done=forgotten`, { status: 303, headers: RIDER_PAGE_HEADERS });
  }
  if (intent !== undefined) return refusedForm(values, UNKNOWN_INTENT);
  // The page sends every field, empty or not: a body without them (one that is not a form reads
  // as none) would save every missing detail as blank.
  if (!SAVED_DETAIL_FIELDS.every((name) => name in values)) return refusedForm(values, NOT_THE_FORM);
  try {
    await updateSavedDetails(db, rider.id, values);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return data({ values, errors: error.errors }, { status: 400, headers: RIDER_PAGE_HEADERS });
  }
  return redirect(`${ME_DETAILS_PATH}?done=saved`, { status: 303, headers: RIDER_PAGE_HEADERS });
}

function refusedForm(values: Record<string, string>, formError: string) {
  return data({ values, errors: {}, formError }, { status: 400, headers: RIDER_PAGE_HEADERS });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta() {
  return [{ title: pageTitle("Your details") }, { name: "robots", content: "noindex" }];
}

export default function MeDetails({ loaderData, actionData }: Route.ComponentProps) {
  return <SavedDetailsPage details={loaderData.details} notice={loaderData.notice} answer={actionData} />;
}
