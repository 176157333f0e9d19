import { CheckboxField } from "~/components/form/controls";
import { ME_PATH } from "~/domain/links";
import {
  OWN_ADDRESS_NOTE,
  type RegisterAccount,
  SAVE_DETAILS_FIELD,
  saveDetailsLabel,
  SIGN_IN_TO_FILL,
} from "../domain/saved-details";

// A rider's account on the registration form (docs/features/rider-data.md): a visitor is offered
// to sign in, a signed-in rider told which bookings join their account and offered to keep the answers.

export function RegisterAccountNote({ account }: { account: RegisterAccount }) {
  if (account === undefined) return null;
  return account === null ? (
    <p className="text-ink-700">
      <a href={ME_PATH} className="font-semibold text-brand-700 underline underline-offset-4">
        {SIGN_IN_TO_FILL}
      </a>
    </p>
  ) : (
    <p className="text-ink-700">{OWN_ADDRESS_NOTE}</p>
  );
}

/** An active opt-in: ticked beforehand only for a rider who already keeps saved details. */
export function SaveDetailsBox({ keeps, ticked }: { keeps: boolean; ticked: boolean }) {
  return (
    <CheckboxField
      id={SAVE_DETAILS_FIELD}
      name={SAVE_DETAILS_FIELD}
      label={saveDetailsLabel(keeps)}
      hint="You can see, change or forget them at any time under Your details."
      defaultChecked={ticked}
      density="roomy"
    />
  );
}
