import { TextField } from "./form-controls";

// The rider's contact details, asked for when registering and changed on the booking page: one
// set of fields, so both forms take the same input the same way. The mobile number and email are
// asked the same way wherever a rider gives them (find my booking, signing in at /me).

type FieldProps = { defaultValue?: string; error?: string };

/** A rider's mobile number; `withHint` says +91 is assumed. */
export function MobileField({ withHint = false, ...field }: FieldProps & { withHint?: boolean }) {
  return (
    <TextField
      name="mobile"
      label="Mobile number"
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      maxLength={32}
      hint={withHint ? "+91 is assumed without a country code" : undefined}
      {...field}
    />
  );
}

/** A rider's email address. */
export function EmailField(field: FieldProps & { optional?: boolean; hint?: string }) {
  return <TextField name="email" label="Email" type="email" autoComplete="email" maxLength={254} {...field} />;
}

type ContactFieldsProps = {
  values: Record<string, string | undefined>;
  errors: Record<string, string | undefined>;
};

/** Name, mobile number and email; `withHints` explains the mobile's country code and what the email is for. */
export function RiderContactFields({
  values,
  errors,
  withHints = false,
}: ContactFieldsProps & { withHints?: boolean }) {
  return (
    <>
      <TextField
        name="name"
        label="Full name"
        autoComplete="name"
        maxLength={100}
        defaultValue={values.name}
        error={errors.name}
      />
      <MobileField withHint={withHints} defaultValue={values.mobile} error={errors.mobile} />
      <EmailField
        optional
        hint={withHints ? "Your confirmation and booking link are sent here" : undefined}
        defaultValue={values.email}
        error={errors.email}
      />
    </>
  );
}

/** The emergency contact's name and mobile number. */
export function EmergencyContactFields({ values, errors }: ContactFieldsProps) {
  return (
    <>
      <TextField
        name="emergencyName"
        label="Emergency contact name"
        maxLength={100}
        defaultValue={values.emergencyName}
        error={errors.emergencyName}
      />
      <TextField
        name="emergencyPhone"
        label="Emergency contact mobile number"
        type="tel"
        inputMode="tel"
        maxLength={32}
        defaultValue={values.emergencyPhone}
        error={errors.emergencyPhone}
      />
    </>
  );
}
