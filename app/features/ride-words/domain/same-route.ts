// "What riders said about this route" (docs/features/ride-words.md#same-route): an upcoming
// ride shows the approved words of past rides on the same route. The rides keep no route
// identity of their own, and the community repeats a route under the same name year after
// year ("Spiti Circuit 2025", "Spiti Circuit 2026"), so the same route is the same title once
// its years and numbers and anything in brackets are set aside, case and punctuation ignored.

/** The title's route stem: "Spiti Circuit (Winter) 2026" → "spiti circuit"; "" when nothing is left. */
export function routeStem(title: string): string {
  return title
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\([^)]*\)|\[[^\]]*\]/g, " ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "" && !/\p{N}/u.test(word) && word !== "edition")
    .join(" ");
}

/** Whether two rides' titles name the same route. */
export function sameRoute(a: string, b: string): boolean {
  const stem = routeStem(a);
  return stem !== "" && stem === routeStem(b);
}
