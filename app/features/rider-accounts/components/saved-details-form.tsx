import { CheckCircle2 } from "lucide-react";
import type { SavedDetails } from "~/features/rider-accounts/domain/account";
import { ME_DETAILS_PATH } from "~/domain/links";
import { SAVED_DETAIL_FIELDS } from "~/features/rider-accounts/domain/saved-details";
import { ErrorSummary } from "~/components/form/error-summary";
import { BLOOD_GROUP_CHOICES } from "~/components/registration/register-form";
import { SECONDARY_CLASS, SelectField, SUBMIT_CLASS, TextField } from "~/components/registration/form-controls";
import { BackToMyRides } from "./back-to-my-rides";

// /me/details (docs/features/rider-data.md): the rider's saved details, as plain forms that post
// without JavaScript: one saves them, one forgets them.

export type SavedDetailsAnswer = { values: Record<string, string>; errors: Record<string, string>; formError?: string };

export const FORGET_INTENT = "forget";

export function SavedDetailsPage({
  details,
  notice,
  answer,
}: {
  details: SavedDetails | null;
  notice: string | null;
  answer?: SavedDetailsAnswer;
}) {
  const values: Record<string, string> = answer?.values ?? details ?? {};
  const errors = answer?.errors ?? {};
  const field = (name: keyof SavedDetails, label: string, more: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      name={name}
      label={label}
      optional
      maxLength={100}
      defaultValue={values[name] ?? ""}
      error={errors[name]}
      {...more}
    />
  );
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10 sm:px-6">
      <BackToMyRides />
      <header>
        <h1 className="text-3xl font-extrabold text-ink-900">Your details</h1>
        <p className="mt-3 text-ink-700">
          {details
            ? "Kept on your account with your consent: they fill in your next registration form, where you can still change them."
            : "You keep no saved details. Save them here, or tick the box when you register, and your next registration form is filled in."}
        </p>
      </header>
      {notice ? (
        <p role="status" className="flex gap-2 rounded-xl bg-success-50 p-4 font-semibold text-success-600">
          <CheckCircle2 aria-hidden="true" className="size-5 shrink-0" />
          {notice}
        </p>
      ) : null}
      <form method="post" action={ME_DETAILS_PATH} noValidate className="space-y-4" aria-label="Your details">
        {answer ? <ErrorSummary errors={errors} order={SAVED_DETAIL_FIELDS} formError={answer.formError} /> : null}
        {field("name", "Full name", { autoComplete: "name" })}
        {field("mobile", "Mobile number", {
          type: "tel",
          autoComplete: "tel",
          inputMode: "tel",
          maxLength: 32,
          hint: "+91 is assumed without a country code",
        })}
        {field("email", "Email", { type: "email", autoComplete: "email", maxLength: 254 })}
        {field("emergencyName", "Emergency contact name")}
        {field("emergencyPhone", "Emergency contact's mobile number", { type: "tel", inputMode: "tel", maxLength: 32 })}
        <SelectField
          name="bloodGroup"
          label="Blood group"
          optional
          choices={BLOOD_GROUP_CHOICES}
          defaultValue={values.bloodGroup ?? ""}
          error={errors.bloodGroup}
        />
        {field("licenceNumber", "Driving licence number", { autoComplete: "off", maxLength: 32 })}
        {field("bikeModel", "Your bike's model")}
        <button type="submit" className={SUBMIT_CLASS}>
          Save details
        </button>
      </form>
      {details ? (
        <form method="post" action={ME_DETAILS_PATH} className="border-t border-ink-200 pt-6">
          <p className="text-ink-700">Forget them, and your next registration form starts blank.</p>
          <button type="submit" name="intent" value={FORGET_INTENT} className={`${SECONDARY_CLASS} mt-3`}>
            Forget my details
          </button>
        </form>
      ) : null}
    </div>
  );
}
