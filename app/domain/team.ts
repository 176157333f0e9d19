import type { AdminRole } from "./roles";

/** An admin as the Team page shows them. */
export type TeamMember = {
  id: string;
  email: string;
  displayName: string;
  role: AdminRole;
  lastLoginAt: string | null;
  activeSessions: number;
  twoFactor: boolean;
};

/** An invitation not yet used nor expired. */
export type PendingInvite = { id: string; email: string; role: AdminRole; createdAt: string; expiresAt: string };

/** The most captains one ride may have: more is no team's choice but a forged form's. */
export const MAX_RIDE_CAPTAINS = 50;

/** What the team's pages and services say (decision 026). */
export const TEAM_MESSAGES = {
  lastOwner: "The team must keep at least one owner: make someone else an owner first.",
  alreadyAdmin: "This person is already on the team.",
  inviteGone: "This invitation has expired or was already used. Ask an owner for a new one.",
  inviteeOnTeam:
    "This address is already on the team, so the invitation no longer applies. Sign in as usual; an owner can change your role.",
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

/** What confirming it's you, before a change to how one signs in, says (decision 026, note of 2026-11-26). */
export const PROOF_MESSAGES = {
  needed: "Confirm it's you first, with your password, a code from your authenticator app or a passkey.",
  noPassword: "Type your password.",
  noCode: "Type the code your authenticator app shows.",
  wrongPassword: "That password is not right.",
  wrongCode: "That code is not right. Use the app's newest code.",
  passkeyFailed: "That passkey could not confirm it's you. Try again, or use your password.",
  confirmed: "Confirmed: for the next 10 minutes you can change how you sign in.",
} as const;
