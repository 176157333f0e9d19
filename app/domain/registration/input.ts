import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import { z } from "zod";
import { line, requiredText } from "../fields";
import { offeredOptions, REGISTRATION_OPTIONS, type RegistrationOption, type RegistrationSettings } from "./settings";

// What a rider fills in to book a seat (decision 020). Every rule holds on the server; the browser
// may run the same schema for inline messages.

export const BLOOD_GROUPS = ["A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-", "unknown"] as const;
export type BloodGroup = (typeof BLOOD_GROUPS)[number];

export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_BIKE_MODEL_LENGTH = 100;
export const MAX_LICENCE_LENGTH = 32;
/** Longer than any phone number however spaced, short enough that parsing never costs much. */
const MAX_PHONE_INPUT = 32;
/** The honeypot: hidden from people, filled in by bots that fill in every field. */
export const HONEYPOT_FIELD = "website";

/** The rider's own details, in the order the forms show them first: the registration form, saved details. */
export const RIDER_DETAIL_FIELDS = [
  "name",
  "mobile",
  "email",
  "emergencyName",
  "emergencyPhone",
  "bloodGroup",
] as const;

/**
 * A mobile number in E.164 ('+919876543210'), or null. Without a country code it is read as
 * Indian; with one, any country's mobile number is accepted. Mobile numbers only: riders and
 * their contacts are reached on the road, by call, SMS or WhatsApp.
 */
export function normalisePhone(value: string): string | null {
  if (value.length > MAX_PHONE_INPUT) return null;
  const phone = parsePhoneNumberFromString(value, { defaultCountry: "IN" });
  return phone?.isValid() ? phone.number : null;
}

/** A mobile number field, normalised to E.164 (also a rider's saved details, features/rider-accounts/domain/saved-details.ts). */
export const phone = (message: string) =>
  line(message).transform((value, ctx) => {
    const normalised = normalisePhone(value);
    if (normalised === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return normalised;
  });

const boundedText = (required: string, max: number, what: string) =>
  requiredText(required).max(max, `${what} must be at most ${max} characters`);

const EMAIL_MESSAGE = "Email must be a valid email address";
export const optionalEmail = z
  .union([z.literal(""), line(EMAIL_MESSAGE).max(MAX_EMAIL_LENGTH, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE))], {
    error: EMAIL_MESSAGE,
  })
  .default("");

/** A box the rider must tick: true, or a form's 'on' / 'true' / '1'. */
const ticked = (message: string) =>
  z
    .unknown()
    .optional()
    .transform((value) => value === true || value === 1 || value === "on" || value === "true" || value === "1")
    .refine(Boolean, message)
    .transform(() => true as const);

export const LICENCE_MESSAGE = "Driving licence number may hold only letters, digits, spaces, '-' and '/'";
export const LICENCE_PATTERN = /^[\p{L}\p{N} /-]+$/u;

/** The contact details a rider may change later through their private link. */
const contactShape = {
  name: boundedText("Name is required", MAX_NAME_LENGTH, "Name"),
  mobile: phone("Enter a valid mobile number (+91 is assumed without a country code)"),
  email: optionalEmail,
  emergencyName: boundedText("Emergency contact name is required", MAX_NAME_LENGTH, "Emergency contact name"),
  emergencyPhone: phone("Enter a valid mobile number for the emergency contact"),
};

/**
 * A rule across fields, checked whenever those fields are valid: the rider sees its message
 * together with every other field's, not only after fixing those.
 */
const whenValid = (...fields: string[]) => ({
  when: (payload: z.core.ParsePayload<unknown>) =>
    payload.issues.every(
      (issue) => issue.path !== undefined && issue.path.length > 0 && !fields.includes(String(issue.path[0])),
    ),
});

type Contact = { mobile: string; emergencyPhone: string };
const differentEmergencyPhone: [(contact: Contact) => boolean, z.core.$ZodCustomParams] = [
  (contact) => contact.mobile !== contact.emergencyPhone,
  {
    message: "The emergency contact needs a number other than yours",
    path: ["emergencyPhone"],
    ...whenValid("mobile", "emergencyPhone"),
  },
];

export const contactUpdateSchema = z.object(contactShape).refine(...differentEmergencyPhone);
export type ContactUpdate = z.output<typeof contactUpdateSchema>;

const FIND_EMAIL_MESSAGE = "Enter the email address you registered with";

/**
 * "Find my booking": the mobile number and email the rider registered with. Both are asked, as a
 * fresh link goes only to the email of a booking whose mobile number matches too.
 */
export const findBookingSchema = z.object({
  mobile: contactShape.mobile,
  email: line(FIND_EMAIL_MESSAGE)
    .min(1, FIND_EMAIL_MESSAGE)
    .max(MAX_EMAIL_LENGTH, EMAIL_MESSAGE)
    .pipe(z.email(EMAIL_MESSAGE)),
});
export type FindBooking = z.output<typeof findBookingSchema>;

/**
 * The registration form of one ride: the options it offers, and the licence number only when
 * it asks for it. Unknown fields are dropped; the honeypot must stay empty.
 */
export function registrationInputSchema(settings: RegistrationSettings) {
  const offered = offeredOptions(settings);
  const options = offered.length > 0 ? offered : [...REGISTRATION_OPTIONS];
  // Building the schema costs about as much as parsing a form with it, and a ride has one form:
  // each shape is built once (there are at most 2 × 2^4 of them).
  const key = `${options.join(",")}|${settings.askLicence}`;
  let schema = schemas.get(key);
  if (!schema) {
    schema = buildSchema(options, settings.askLicence);
    schemas.set(key, schema);
  }
  return schema;
}

const schemas = new Map<string, ReturnType<typeof buildSchema>>();

function buildSchema(options: RegistrationOption[], askLicence: boolean) {
  return z
    .object({
      ...contactShape,
      bloodGroup: z.enum(BLOOD_GROUPS, { error: "Choose a blood group, or “Don't know”" }),
      option: z.enum(options as [RegistrationOption, ...RegistrationOption[]], {
        error: "Choose one of the ride's options",
      }),
      bikeModel: line()
        .max(MAX_BIKE_MODEL_LENGTH, `Bike model must be at most ${MAX_BIKE_MODEL_LENGTH} characters`)
        .default(""),
      pillionName: line()
        .max(MAX_NAME_LENGTH, `Pillion's name must be at most ${MAX_NAME_LENGTH} characters`)
        .default(""),
      licenceNumber: askLicence
        ? boundedText("Driving licence number is required", MAX_LICENCE_LENGTH, "Driving licence number")
            .regex(LICENCE_PATTERN, LICENCE_MESSAGE)
            .transform((value) => value.toUpperCase())
        : z
            .unknown()
            .optional()
            .transform(() => ""),
      acknowledgeCarry: ticked("Confirm that you will carry the mandatory items"),
      acknowledgePolicy: ticked("Accept the cancellation policy"),
      consent: ticked("Agree to the use of your details for this ride"),
      [HONEYPOT_FIELD]: z
        .unknown()
        .optional()
        .refine((value) => value === undefined || value === "", "Leave this field empty")
        .transform(() => undefined),
    })
    .refine(...differentEmergencyPhone)
    .refine((input) => input.option === "rental" || input.bikeModel !== "", {
      message: "Bike model is required when you ride your own bike",
      path: ["bikeModel"],
      ...whenValid("option", "bikeModel"),
    })
    .refine((input) => input.option !== "pillion" || input.pillionName !== "", {
      message: "Pillion's name is required",
      path: ["pillionName"],
      ...whenValid("option", "pillionName"),
    })
    .transform(({ [HONEYPOT_FIELD]: _honeypot, ...input }) => ({
      ...input,
      // Only an own bike has a model, only a pillion option a pillion.
      bikeModel: input.option === "rental" ? "" : input.bikeModel,
      pillionName: input.option === "pillion" ? input.pillionName : "",
    }));
}
export type RegistrationInput = z.output<ReturnType<typeof registrationInputSchema>>;

const UTR_MESSAGE = "Enter the 12-digit UPI transaction id (UTR)";

/** The UPI transaction reference (UTR / RRN) a rider copies from their payment app: 12 digits. */
export const utrSchema = z
  .string({ error: UTR_MESSAGE })
  .max(64, UTR_MESSAGE)
  .transform((value) => value.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^\d{12}$/, UTR_MESSAGE));
