// A link's origin goes into response headers (the Content-Security-Policy's frame-src), where a
// ';' starts a new directive and a ',' a new policy. The URL parser accepts both, and "'", in
// a host name ('https://x;sandbox/' has the origin 'https://x;sandbox'), so a host must also be
// a real one: a DNS name, an IPv4 address or a bracketed IPv6 address.

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const DNS_NAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*\\.?$`);
// The URL parser has already turned any IPv4 form into dotted decimal and checked an IPv6 one.
const IP_ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[\da-f:.]+\])$/;

/** A host name as the URL parser gives it (lower case, international names in punycode). */
export function isValidHostName(hostname: string): boolean {
  return hostname.length <= 253 && (DNS_NAME.test(hostname) || IP_ADDRESS.test(hostname));
}

/** The parsed http(s) URL, or null for anything else (relative, mailto:, javascript:, a bad host). */
export function parseWebUrl(url: string | null | undefined): URL | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  return isValidHostName(parsed.hostname) ? parsed : null;
}

/** The normalised origin of an http(s) URL with a valid host ('https://forms.example'), or null. */
export function webOrigin(url: string | null | undefined): string | null {
  return parseWebUrl(url)?.origin ?? null;
}
