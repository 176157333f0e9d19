// Sign-out removes ride day from the phone (store.ts). The store is loaded only then, so the
// admin shell calling this carries none of it. A session that lapsed removes nothing: the
// captain's ride stays readable until sign-out, a refusal or its expiry.
export function forgetRideDays(): void {
  void import("./store").then((store) => store.forgetAllRideDays());
}
