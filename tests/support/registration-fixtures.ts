import type { Database, Executor } from "~/server/db/schema.server";
import { NotFoundError, ValidationError } from "~/server/validation/errors.server";
import { register } from "~/server/registrations/register.server";
import { type Registration } from "~/server/registrations/rows.server";

/** A valid registration form as a rider posts it; `n` makes the mobile number and name distinct. */
export function riderForm(n: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `Rider ${n}`,
    mobile: `98${String(n).padStart(8, "0")}`,
    emergencyName: "Ravi Rao",
    emergencyPhone: "+91 91234 56789",
    bloodGroup: "O+",
    option: "solo",
    bikeModel: "Himalayan 450",
    acknowledgeCarry: "on",
    acknowledgePolicy: "on",
    consent: "on",
    ...overrides,
  };
}

/**
 * A signed-in rider's own booking form: `form` with the account's address as its email unless
 * it gives one, since only a booking of the account's address joins the account, keeps its saved
 * details and spends its credit (decision 042). Without an account, `form` as given.
 */
export async function ownForm(
  db: Executor,
  riderId: string | null | undefined,
  form: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (!riderId || "email" in form) return form;
  const { email } = await db.selectFrom("riders").select("email").where("id", "=", riderId).executeTakeFirstOrThrow();
  return { ...form, email };
}

let nextAddress = 0;

/**
 * The registrations service's `register` as tests call it: from a new address each time (the
 * per-network limit is tested through the route), answering the booking or throwing the
 * refusal as the service's errors: a NotFoundError for an unknown ride, a ValidationError with
 * the messages for the others (a closed ride's under the form's key, '').
 */
export async function registerRider(
  db: Database,
  rideId: string,
  input: unknown,
  now = new Date(),
): Promise<{ registration: Registration; token: string }> {
  nextAddress += 1;
  const clientIp = `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
  const result = await register(db, rideId, input, { clientIp, origin: "http://localhost", now });
  if (result.ok) return { registration: result.registration, token: result.token };
  switch (result.refused) {
    case "not-found":
      throw new NotFoundError("Ride not found");
    case "closed":
    case "throttled":
      throw new ValidationError({ "": result.message });
    case "invalid":
    case "seats":
      throw new ValidationError(result.errors);
  }
}
