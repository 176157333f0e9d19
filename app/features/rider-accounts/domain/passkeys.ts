// What a rider is told about their passkeys (docs/features/rider-accounts.md).

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

const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/CrOS/, "Chromebook"],
  [/Macintosh|Mac OS X/, "Mac"],
  [/Windows/, "Windows"],
  [/Linux/, "Linux"],
];

// Order matters: Edge, Samsung Internet and Opera say "Chrome" too, and Chrome says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const firstMatch = (text: string, table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(text))?.[1];

/**
 * A new passkey's name, from the browser that added it ("Chrome on Android"), so a rider with a
 * phone and a laptop can tell which to remove; "Passkey" when the browser says nothing we know.
 * One already taken on the account gets a number ("Chrome on Android (2)").
 */
export function passkeyName(userAgent: string | null, taken: readonly string[]): string {
  const text = userAgent ?? "";
  const system = firstMatch(text, SYSTEMS);
  const browser = firstMatch(text, BROWSERS);
  const base = system && browser ? `${browser} on ${system}` : (system ?? browser ?? "Passkey");
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) if (!taken.includes(`${base} (${n})`)) return `${base} (${n})`;
}
