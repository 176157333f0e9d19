import { CircleCheck } from "lucide-react";
import {
  type BookingWaiver,
  WAIVER_INTENT,
  WAIVER_NAME_FIELD,
  WAIVER_VERSION_FIELD,
} from "~/features/waivers/domain/waiver";
import { ErrorSummary } from "~/components/form/error-summary";
import { SECONDARY_CLASS, TextField } from "~/components/registration/form-controls";
import { WaiverText } from "./waiver-text";
import { formatIndiaDateTime } from "~/domain/dates";

type Answer = { values: Record<string, string>; errors: Record<string, string>; formError?: string };

/**
 * The rider's waiver on their booking page (docs/features/waivers.md): the text they accepted,
 * and, once it changed, the new version to accept by typing their full name: a plain form.
 */
export function BookingWaiverSection({
  waiver,
  href,
  answer,
}: {
  waiver: BookingWaiver;
  href: string;
  answer?: Answer;
}) {
  const { accepted, toAccept } = waiver;
  return (
    <section aria-labelledby="waiver-heading" className="space-y-4 border-t border-ink-100 pt-8">
      <h2 id="waiver-heading" className="text-xl font-bold text-ink-900">
        Waiver
      </h2>
      {toAccept ? (
        <form method="post" action={href} noValidate className="space-y-4">
          <p className="font-semibold text-ink-900">
            {accepted ? "The waiver changed: accept the new version" : "Accept the waiver"}
          </p>
          <input type="hidden" name="intent" value={WAIVER_INTENT} />
          <input type="hidden" name={WAIVER_VERSION_FIELD} value={toAccept.id} />
          {answer ? (
            <ErrorSummary errors={answer.errors} order={[WAIVER_NAME_FIELD]} formError={answer.formError} />
          ) : null}
          <WaiverText version={toAccept.version} text={toAccept.text} />
          <TextField
            name={WAIVER_NAME_FIELD}
            label="Type your full name to accept the waiver"
            hint="As you registered it: this is your signature."
            autoComplete="off"
            maxLength={100}
            defaultValue={answer?.values[WAIVER_NAME_FIELD]}
            error={answer?.errors[WAIVER_NAME_FIELD]}
          />
          <button type="submit" className={`${SECONDARY_CLASS} w-full sm:w-auto`}>
            Accept the waiver
          </button>
        </form>
      ) : null}
      {accepted ? (
        <div className="space-y-3" data-testid="waiver-accepted">
          <p className="flex items-center gap-2 text-ink-800">
            {toAccept ? null : <CircleCheck aria-hidden="true" className="size-5 text-success-600" />}
            You accepted version {accepted.version} on {formatIndiaDateTime(accepted.at)}, typing “{accepted.name}”.
          </p>
          {toAccept ? (
            <details>
              <summary className="cursor-pointer text-ink-700">The version you accepted</summary>
              <div className="mt-2">
                <WaiverText version={accepted.version} text={accepted.text} />
              </div>
            </details>
          ) : (
            <WaiverText version={accepted.version} text={accepted.text} />
          )}
        </div>
      ) : null}
    </section>
  );
}
