// What of a request's address may reach a log (decision 020, note of 2026-11-26). One rule for
// every log line that names a path (the access log, error lines): the query string never does,
// since any parameter may carry a secret (a preview link's token, a sign-in callback's code and
// state); and the path is read as the router reads it (dot segments resolved, percent-encoding
// decoded, case and repeated slashes ignored), then cut at the first secret segment its route
// declares.

/**
 * The routes whose paths carry a secret, in a `:token` parameter: whoever reads the link holds
 * what it opens (a rider's booking, an invitation to the team). The one place they are declared;
 * a test sweeps app/routes.ts so that a new route with a parameter is either public or here.
 */
export const SECRET_ROUTES = [
  "/booking/:token",
  "/booking/:token/calendar.ics",
  // A money document of the booking, its code in the query (docs/features/money-documents.md).
  "/booking/:token/money-document",
  "/transfer/:token",
  "/admin/invite/:token",
  // A rider's one-time sign-in link (docs/features/rider-accounts.md).
  "/me/link/:token",
] as const;

const SECRET_PARAM = ":token";
// Longest first: a path that is a secret route's with a known tail (a rider's calendar feed) is
// logged with that tail, and every other path is cut at its token.
const ROUTES = SECRET_ROUTES.map((route) => route.split("/").filter(Boolean)).sort((a, b) => b.length - a.length);

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A request's path or target as logs may show it: see above. */
export function loggablePath(target: string): string {
  // As React Router gets it (server/fetch-bridge.ts builds a URL): `..`, `%2e%2e` and `\` resolved.
  const path = URL.parse(`http://site${target.startsWith("/") ? "" : "/"}${target}`)?.pathname ?? "/";
  const segments = path.split("/").filter(Boolean);
  for (const route of ROUTES) {
    const secretAt = route.indexOf(SECRET_PARAM);
    if (segments.length <= secretAt) continue;
    const matches = route
      .slice(0, secretAt)
      .every((part, index) => part.startsWith(":") || part === decoded(segments[index]!).toLowerCase());
    if (!matches) continue;
    const tail = route.slice(secretAt + 1);
    const rest = segments.slice(secretAt + 1);
    if (
      tail.length > 0 &&
      (rest.length !== tail.length || tail.some((part, i) => part !== decoded(rest[i]!).toLowerCase()))
    )
      continue;
    const kept = route.slice(0, secretAt).map((part, index) => (part.startsWith(":") ? segments[index] : part));
    return `/${[...kept, "[token]", ...tail].join("/")}`;
  }
  return path;
}
