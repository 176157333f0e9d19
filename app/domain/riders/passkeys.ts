// What a rider is told about their passkeys (docs/features/riders.md).

export const RIDER_PASSKEY_MESSAGES = {
  unsupported: "This browser cannot use passkeys. Ask for a sign-in link by email instead.",
  signInFailed: "That passkey did not sign you in. Try again, or ask for a sign-in link by email.",
  notAdded: "The passkey was not added. Please try again.",
  signInAgain:
    "To add a passkey, sign in again with a link by email first (sign out, then ask for one): it proves this is you.",
  added: "Your passkey is added: next time, sign in with it on this device.",
  removed: "The passkey is removed.",
  notFound: "That passkey is not on your account (removed already?): nothing was removed.",
} as const;
