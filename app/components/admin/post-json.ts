/**
 * POSTs a JSON body to one of the portal's passkey endpoints and reads the JSON answer (an
 * unreadable one reads as {}): the browser's half of each WebAuthn ceremony is two of these.
 */
export async function postJson(
  url: string,
  body: Record<string, unknown>,
): Promise<{ ok: boolean; status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, status: response.status, json };
}
