import type { RegistrationSettings } from "~/domain/registration/settings";
import type { DocumentSettings } from "./settings";

/** The SAC and rate a ride's GST documents print: the ride's own, else the organiser's. */
export function taxTermsOf(
  ride: Pick<RegistrationSettings, "sac" | "gstRate"> | null,
  settings: Pick<DocumentSettings, "sac" | "rateBasisPoints">,
): { sac: string; rateBasisPoints: number } {
  return {
    sac: ride?.sac || settings.sac,
    rateBasisPoints: ride?.gstRate ? Math.round(Number(ride.gstRate) * 100) : settings.rateBasisPoints,
  };
}
