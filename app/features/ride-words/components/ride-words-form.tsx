import { MessageSquareQuote } from "lucide-react";
import { TextAreaField } from "~/components/form/controls";
import { ErrorSummary } from "~/components/form/error-summary";
import { FieldError } from "~/components/form/field";
import { SECONDARY_CLASS, SUBMIT_CLASS } from "~/components/registration/form-controls";
import {
  FEEDBACK_STATUS_LABELS,
  MAX_WORDS_LENGTH,
  RATING_LABELS,
  ratingLabel,
  ratingStars,
  type RideFeedbackStatus,
} from "~/features/ride-words/domain/feedback";
import {
  RIDE_WORDS_INTENT,
  RIDE_WORDS_WITHDRAW_INTENT,
  type RideWordsView,
} from "~/features/ride-words/domain/booking";

// "How was the ride?" on the rider's booking page (docs/features/ride-words.md#booking-page): a
// plain form that posts without JavaScript, one answer per rider and ride.

/** A refused answer: what the rider typed and the messages, by field. */
export type RideWordsAnswer = {
  intent: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
};

const ORDER = ["rating", "words"] as const;
const RATINGS = [5, 4, 3, 2, 1] as const;

const STATUS_NOTES: Readonly<Record<RideFeedbackStatus, string>> = {
  pending: "The team reads your words before they appear on the ride's page. You can change them until then.",
  approved: "Your words and your first name are on the ride's page. You can withdraw them whenever you like.",
  hidden: "The team did not publish these words. You can change them and send them again.",
  withdrawn: "You withdrew your words: they are on no page of the site.",
};

export function RideWordsSection({
  href,
  view,
  answer,
}: {
  href: string;
  view: RideWordsView;
  answer?: RideWordsAnswer;
}) {
  const refused = answer?.intent === RIDE_WORDS_INTENT ? answer : undefined;
  const errors = refused?.errors ?? {};
  const rating = refused?.values.rating ?? String(view.answer?.rating ?? "");
  const words = refused?.values.words ?? view.answer?.words ?? "";
  const withdrawRefused = answer?.intent === RIDE_WORDS_WITHDRAW_INTENT ? answer : undefined;
  const editable = view.open && (view.answer === null || view.answer.editable);
  return (
    <section aria-labelledby="ride-words-heading" className="space-y-4 border-t border-ink-100 pt-8">
      <h2 id="ride-words-heading" className="flex items-center gap-2 text-xl font-bold text-ink-900">
        <MessageSquareQuote aria-hidden="true" className="size-5 text-brand-600" />
        How was the ride?
      </h2>
      {view.answer ? (
        <div className="rounded-xl bg-ink-50 p-4" data-testid="ride-words-answer">
          <p className="font-semibold text-ink-900">
            Your answer: <span aria-hidden="true">{ratingStars(view.answer.rating)}</span>
            <span className="sr-only">{ratingLabel(view.answer.rating)}</span>{" "}
            <span className="text-sm font-normal text-ink-700">({FEEDBACK_STATUS_LABELS[view.answer.status]})</span>
          </p>
          <p className="mt-2 whitespace-pre-line text-ink-800">{view.answer.words}</p>
          <p className="mt-2 text-sm text-ink-700">{STATUS_NOTES[view.answer.status]}</p>
        </div>
      ) : (
        <p className="text-ink-700">
          Rate the ride and say a few words: once the team approves them, they appear on the ride&apos;s page with your
          first name only, to help the next riders decide.
        </p>
      )}
      {editable ? (
        <form method="post" action={href} noValidate className="space-y-4">
          <input type="hidden" name="intent" value={RIDE_WORDS_INTENT} />
          {refused ? <ErrorSummary errors={errors} order={ORDER} formError={refused.formError} /> : null}
          <fieldset aria-describedby={errors.rating ? "rating-error" : undefined}>
            <legend className="font-semibold text-ink-900">Your rating</legend>
            <div className="mt-2 flex flex-col gap-2">
              {RATINGS.map((value, index) => (
                <label key={value} className="flex min-h-11 items-center gap-3 text-ink-800">
                  <input
                    type="radio"
                    name="rating"
                    value={value}
                    id={index === 0 ? "rating" : `rating-${value}`}
                    defaultChecked={rating === String(value)}
                    required
                    className="size-5 accent-brand-600"
                  />
                  <span>
                    <span aria-hidden="true" className="mr-2 text-brand-600">
                      {ratingStars(value)}
                    </span>
                    {RATING_LABELS[value]}
                  </span>
                </label>
              ))}
            </div>
            <FieldError id="rating" error={errors.rating} />
          </fieldset>
          <TextAreaField
            id="words"
            name="words"
            label="A few words"
            hint={`What would you tell a friend about this ride? At most ${MAX_WORDS_LENGTH} characters.`}
            error={errors.words}
            defaultValue={words}
            maxLength={MAX_WORDS_LENGTH}
            density="roomy"
          />
          <button type="submit" className={SUBMIT_CLASS}>
            {view.answer ? "Save my changes" : "Send my words"}
          </button>
        </form>
      ) : null}
      {view.answer?.withdrawable ? (
        <form method="post" action={href} className="space-y-3">
          <input type="hidden" name="intent" value={RIDE_WORDS_WITHDRAW_INTENT} />
          {withdrawRefused ? (
            <ErrorSummary
              errors={{}}
              order={[]}
              formError={withdrawRefused.formError ?? Object.values(withdrawRefused.errors)[0]}
            />
          ) : null}
          <button type="submit" className={SECONDARY_CLASS}>
            Withdraw my words
          </button>
        </form>
      ) : null}
    </section>
  );
}
