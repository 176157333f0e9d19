import type { Findings } from "./findings.ts";

// The server's log is read like an attacker who got hold of it would (decision 021's and
// decision 018's notes): no secret the fuzzer knows (private-link and invitation tokens, session
// tokens, codes, signatures) and no rider's or invitee's address may appear in it, whatever wrote
// the line.

/** The line of `log` a value appears in, for the report; the value itself masked. */
function lineWith(log: string, value: string): string {
  const at = log.indexOf(value);
  const start = log.lastIndexOf("\n", at) + 1;
  const end = log.indexOf("\n", at);
  const line = log.slice(start, end === -1 ? undefined : end).replaceAll(value, "«…»");
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** Counts each secret and address found in the log as a finding; returns how many values were looked for. */
export function scanServerLog(
  log: string,
  { secrets, emails }: { secrets: Map<string, string>; emails: Set<string> },
  findings: Findings,
): number {
  for (const [secret, what] of secrets) {
    if (log.includes(secret)) findings.add(`${what} in the server's log`, lineWith(log, secret));
  }
  for (const email of emails) {
    if (log.includes(email))
      findings.add("a rider's or invitee's email address in the server's log", lineWith(log, email));
  }
  return secrets.size + emails.size;
}
