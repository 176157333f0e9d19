/**
 * A ride's title as the stem of a file name the rider or admin downloads: lowercase ASCII
 * letters and digits, anything else one dash, at most 60 characters; 'ride' when nothing is
 * left. 'Coorg Coffee Trail!' → 'coorg-coffee-trail'. Accents fold to their letter (NFKD).
 */
export function titleSlug(title: string): string {
  const slug = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return slug || "ride";
}
