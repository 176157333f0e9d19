import type { RegistrationStatus } from "./settings";

// The ride's WhatsApp group (docs/features/registrations.md): its invite link is a private field of the ride, given
// only to riders holding a confirmed seat — on their booking page, and to any message about the
// ride that wants it. A waitlisted or cancelled rider, and every public page, never sees it.

/** The ride's group invite link for this rider: the link when their seat is confirmed, else null. */
export function groupInviteFor(
  ride: { whatsappGroupUrl?: string } | null,
  registration: { status: RegistrationStatus },
): string | null {
  if (registration.status !== "confirmed") return null;
  return ride?.whatsappGroupUrl || null;
}
