// Sign-out removes ride day from the phone; a sign-in screen shown (a session that ended) removes
// what has reached the server (store.ts). The store is loaded only then, so the pages calling
// this carry none of it.
export function forgetRideDays(what: "all" | "synced"): void {
  void import("./store").then((store) => (what === "all" ? store.forgetAllRideDays() : store.forgetSyncedRideDays()));
}
