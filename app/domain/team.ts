/** The most captains one ride may have: more is no team's choice but a forged form's. */
export const MAX_RIDE_CAPTAINS = 50;

/** What the team's pages and services say (issue 15, decision 026). */
export const TEAM_MESSAGES = {
  lastOwner: "The team must keep at least one owner: make someone else an owner first.",
  alreadyAdmin: "This person is already on the team.",
  inviteGone: "This invitation has expired or was already used. Ask an owner for a new one.",
  notAdmin: "This person is not on the team.",
  notCaptain: "Only ride captains of the team can lead a ride.",
  tooManyCaptains: `A ride has at most ${MAX_RIDE_CAPTAINS} captains.`,
} as const;

/** What passkey sign-in and enrolment say (decision 026). */
export const PASSKEY_MESSAGES = {
  signInFailed: "That passkey could not sign you in. Try again, or use your password.",
  notAdded: "The passkey was not added. Please try again.",
  added: "Passkey added: you can sign in with it.",
  unsupported: "This browser cannot use passkeys.",
} as const;
