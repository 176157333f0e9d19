// Signing out, or a sign-in screen shown, removes ride day from the phone (store.ts): the store
// is loaded only then, so the pages calling this carry none of it.
export function forgetRideDays(): void {
  void import("./store").then(({ forgetAllRideDays }) => forgetAllRideDays());
}
