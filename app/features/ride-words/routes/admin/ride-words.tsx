import { Form, type ShouldRevalidateFunctionArgs, data, useActionData, useNavigation } from "react-router";
import { FormResult } from "~/components/admin/form-result";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { servicesContext } from "~/context";
import { FEEDBACK_STATUS_LABELS, ratingLabel, ratingStars } from "~/features/ride-words/domain/feedback";
import { formatIndianTime } from "~/domain/indian-time";
import { hasRole } from "~/domain/roles";
import { adminContext } from "~/server/auth/admin-session.server";
import { readAdminForm, unreadableForm } from "~/server/admin/read-form.server";
import { adminActionContext } from "~/server/admin/respond.server";
import { reviewFeedback } from "~/features/ride-words/server/commands.server";
import { feedbackOfRide } from "~/features/ride-words/server/queries.server";
import { feedbackVersion } from "~/features/ride-words/server/rows.server";
import { ConflictError, NotFoundError, ValidationError } from "~/server/validation/errors.server";
import { getRide } from "~/server/rides/rides.server";
import type { Route } from "./+types/ride-words";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Riders' words${loaderData?.ride ? ` · ${loaderData.ride.title}` : ""} · Roadbook Admin` },
];

/**
 * Riders' words on a ride (docs/features/ride-words.md): each answer with its rating, words,
 * first name and state. The ride's captains read them; owners and editors approve or hide.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const ride = await getRide(db, params.rideId);
  if (!ride) throw data({ message: "Ride not found" }, { status: 404 });
  const answers = await feedbackOfRide(db, ride.id);
  return {
    ride: { id: ride.id, title: ride.title },
    answers: answers.map((answer) => ({
      id: answer.id,
      rating: answer.rating,
      words: answer.words,
      credit: answer.credit,
      status: answer.status,
      updatedAt: answer.updatedAt,
      reviewedBy: answer.reviewedBy,
      // What Approve names: the words as shown here, refused if the rider changed them since.
      version: feedbackVersion(answer),
    })),
    mayReview: hasRole(context.get(adminContext).role, "editor"),
    loadError: null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const read = await readAdminForm(request);
  if (!read.ok) return unreadableForm(read);
  const { services, actor } = adminActionContext(context);
  try {
    const feedbackId = String(read.form.get("id") ?? "");
    const decision = read.form.get("decision");
    const version = read.form.get("version");
    const reviewed = await reviewFeedback(services.db, { rideId: params.rideId, feedbackId, decision, version, actor });
    const done = reviewed.status === "approved" ? "approved: it is on the public pages" : "hidden";
    return { ok: true, message: `${reviewed.credit || "The rider"}'s words ${done}.` };
  } catch (error) {
    if (error instanceof ValidationError) return data({ ok: false, message: error.message }, { status: 400 });
    if (error instanceof NotFoundError) return data({ ok: false, message: error.message }, { status: 404 });
    if (error instanceof ConflictError) return data({ ok: false, message: error.message }, { status: 409 });
    throw error;
  }
}

/**
 * An approval refused because the rider changed the words (409) reloads the answers, so the admin
 * reads what is there now before deciding again; other refusals keep the page as it was.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

const STATUS_STYLES = {
  pending: "bg-brand-100 text-brand-900",
  approved: "bg-success-600 text-white",
  hidden: "bg-ink-200 text-ink-800",
  withdrawn: "bg-ink-100 text-ink-700",
} as const;

const BUTTON =
  "inline-flex min-h-11 items-center rounded-md px-4 font-semibold disabled:opacity-60 focus-visible:ring-2 focus-visible:ring-brand-600";

export default function RideWordsPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const [flash] = useAdminPage(loaderData.loadError);
  const navigation = useNavigation();
  const { ride, answers, mayReview } = loaderData;
  return (
    <AdminPage
      title={`Riders' words · ${ride.title}`}
      intro="Ratings and words from the riders checked in on this ride. Approved words appear on the public pages with the rider's first name only."
      flash={flash}
    >
      <FormResult result={result} />
      {answers.length === 0 ? (
        <p className="text-ink-700">
          No answers yet. Riders checked in on the ride are asked two days after it ends, and can answer on their
          booking page.
        </p>
      ) : (
        <ul className="space-y-4" aria-label="Answers">
          {answers.map((answer) => (
            <li key={answer.id} className="rounded-card bg-white p-5 shadow-card" data-testid="ride-words-item">
              <div className="flex flex-wrap items-center gap-3">
                <p className="font-semibold text-ink-900">{answer.credit || "A rider"}</p>
                <p className="text-brand-600">
                  <span aria-hidden="true">{ratingStars(answer.rating)}</span>
                  <span className="sr-only">{ratingLabel(answer.rating)}</span>
                </p>
                <span className={`rounded-full px-3 py-0.5 text-sm font-bold ${STATUS_STYLES[answer.status]}`}>
                  {FEEDBACK_STATUS_LABELS[answer.status]}
                </span>
              </div>
              <p className="mt-2 whitespace-pre-line text-ink-800">{answer.words}</p>
              <p className="mt-2 text-sm text-ink-600">
                Last changed {formatIndianTime(answer.updatedAt)}
                {answer.reviewedBy ? ` · reviewed by ${answer.reviewedBy}` : ""}
              </p>
              {mayReview && answer.status !== "withdrawn" ? (
                <div className="mt-3 flex flex-wrap gap-3">
                  {answer.status !== "approved" ? (
                    <Form method="post">
                      <input type="hidden" name="id" value={answer.id} />
                      <input type="hidden" name="version" value={answer.version} />
                      <button
                        type="submit"
                        name="decision"
                        value="approve"
                        disabled={navigation.state !== "idle"}
                        className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700`}
                      >
                        Approve<span className="sr-only"> {answer.credit}&apos;s words</span>
                      </button>
                    </Form>
                  ) : null}
                  {answer.status !== "hidden" ? (
                    <Form method="post">
                      <input type="hidden" name="id" value={answer.id} />
                      <button
                        type="submit"
                        name="decision"
                        value="hide"
                        disabled={navigation.state !== "idle"}
                        className={`${BUTTON} border border-ink-300 bg-white text-ink-900 hover:bg-ink-50`}
                      >
                        Hide<span className="sr-only"> {answer.credit}&apos;s words</span>
                      </button>
                    </Form>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
