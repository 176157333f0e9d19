import { TextField } from "~/components/registration/form-controls";
import { type RegistrationWaiver, WAIVER_NAME_FIELD, WAIVER_VERSION_FIELD } from "~/features/waivers/domain/waiver";
import { WaiverText } from "./waiver-text";

/** The ride's current waiver on the registration form, which the rider accepts by typing their full name. */
export function RegisterWaiver({
  waiver,
  typed,
  error,
}: {
  waiver: RegistrationWaiver;
  /** The name the rider typed, sent back with a refused form. */
  typed: string | undefined;
  error: string | undefined;
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-xl font-bold text-ink-900">Waiver</legend>
      <WaiverText version={waiver.version} text={waiver.text} />
      <input type="hidden" name={WAIVER_VERSION_FIELD} value={waiver.id} />
      <TextField
        name={WAIVER_NAME_FIELD}
        label="Type your full name to accept the waiver"
        hint="As you gave it above: this is your signature."
        autoComplete="off"
        maxLength={100}
        defaultValue={typed}
        error={error}
      />
    </fieldset>
  );
}
