/** What the team's pages and services say (issue 15, decision 026). */
export const TEAM_MESSAGES = {
  lastOwner: "The team must keep at least one owner: make someone else an owner first.",
  alreadyAdmin: "This person is already on the team.",
  inviteGone: "This invitation has expired or was already used. Ask an owner for a new one.",
  notAdmin: "This person is not on the team.",
  notCaptain: "Only ride captains of the team can lead a ride.",
} as const;
