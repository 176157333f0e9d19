/** A string field of the JSON a fetcher is submitting (its `json`), or null when there is none. */
export function submittedString(json: unknown, key: string): string | null {
  if (typeof json !== "object" || json === null || !(key in json)) return null;
  const value = (json as Record<string, unknown>)[key];
  return typeof value === "string" ? value : null;
}
