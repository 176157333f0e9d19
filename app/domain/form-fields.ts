/**
 * The first text value of each field name of a form post, files left out. Collected in a Map,
 * not an object: field names are the sender's to choose, and an object would take `toString`
 * or `__proto__` for names it already has.
 */
export function firstTextFields(entries: Iterable<[string, FormDataEntryValue]>): Record<string, string> {
  const fields = new Map<string, string>();
  for (const [name, value] of entries) {
    if (typeof value === "string" && !fields.has(name)) fields.set(name, value);
  }
  return Object.fromEntries(fields);
}
