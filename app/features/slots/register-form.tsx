import type { RegisterSlot } from "~/components/registration/register-slot";
import { UseCreditBox } from "~/features/credit/components/use-credit-box";
import { USE_CREDIT_FIELD } from "~/features/credit/domain/credit-input";
import { RegisterAccountNote, SaveDetailsBox } from "~/features/rider-accounts/components/register-account";
import { type RegisterAccount, SAVE_DETAILS_FIELD } from "~/features/rider-accounts/domain/saved-details";
import { RegisterTax } from "~/features/money-documents/components/register-tax";
import { RIDER_GSTIN_FIELD, RIDER_STATE_FIELD } from "~/features/money-documents/domain/rider-tax";
import { RegisterWaiver } from "~/features/waivers/components/register-waiver";
import { type RegistrationWaiver, WAIVER_CHANGED, WAIVER_NAME_FIELD } from "~/features/waivers/domain/waiver";

// The features' parts of the registration form (components/registration/register-form.tsx,
// decision 050), in the order the form shows them at each place. The form is an island: this
// list goes to the browser with it, so it names only what the form shows.

const ticked = (value: string | undefined) => value === "on";

/** Sign in to fill the form in, or which bookings join the rider's account. */
const accountNote: RegisterSlot<{ account?: RegisterAccount }> = {
  feature: "rider-accounts",
  place: "top",
  render: ({ part: { account } }) => <RegisterAccountNote account={account} />,
};

/** The box that keeps the answers as the signed-in rider's saved details. */
const saveDetails: RegisterSlot<{ account?: RegisterAccount }> = {
  feature: "rider-accounts",
  place: "beforeYouBook",
  render: ({ part: { account }, values }) =>
    account ? <SaveDetailsBox keeps={account.keeps} ticked={ticked(values[SAVE_DETAILS_FIELD])} /> : null,
};

/** The signed-in rider's credit ('₹1,500') when the ride has a booking amount to spend it on; null: none. */
const credit: RegisterSlot<{ credit?: string | null }> = {
  feature: "credit",
  place: "end",
  render: ({ part: { credit }, values }) =>
    credit ? (
      // Ticked until the rider sends the form back without it.
      <UseCreditBox available={credit} ticked={Object.keys(values).length === 0 || ticked(values[USE_CREDIT_FIELD])} />
    ) : null,
};

/** The ride's current waiver, accepted by typing one's full name; null: none. */
const waiver: RegisterSlot<{ waiver: RegistrationWaiver | null }> = {
  feature: "waivers",
  place: "end",
  fields: [WAIVER_NAME_FIELD],
  render: ({ part: { waiver }, values, errors }) => {
    // A waiver changed since the form was read: its name is typed again, under the new text.
    const stale = errors[WAIVER_NAME_FIELD] === WAIVER_CHANGED;
    return waiver ? (
      <RegisterWaiver
        waiver={waiver}
        typed={stale ? undefined : values[WAIVER_NAME_FIELD]}
        error={errors[WAIVER_NAME_FIELD]}
      />
    ) : null;
  },
};

/** In GST mode, the rider's state and an optional business GSTIN, for their receipts. */
const taxDetails: RegisterSlot<{ asksTaxDetails?: boolean }> = {
  feature: "money-documents",
  place: "end",
  fields: [RIDER_STATE_FIELD, RIDER_GSTIN_FIELD],
  render: ({ part: { asksTaxDetails }, values, errors }) =>
    asksTaxDetails ? <RegisterTax values={values} errors={errors} /> : null,
};

export const registerFormSlots = [accountNote, saveDetails, taxDetails, credit, waiver] as const;
