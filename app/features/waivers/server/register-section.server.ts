import type { RegistrationWaiver } from "~/features/waivers/domain/waiver";
import { registerSection } from "~/server/registries/register-section.server";
import { currentWaiver } from "./current-waiver.server";

/** The ride's current waiver on its registration form, accepted by typing one's full name. */
export const waiversRegisterSection = registerSection<{ waiver: RegistrationWaiver | null }>({
  load: async ({ services: { db }, ride }) => {
    const waiver = await currentWaiver(db, ride.id);
    return { props: { waiver: waiver ? { id: waiver.id, version: waiver.version, text: waiver.text } : null } };
  },
});
