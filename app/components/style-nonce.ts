import { pageNonce } from "./document-info";

/** Where get-nonce (used by react-remove-scroll) looks for the page's nonce: the webpack convention. */
const NONCE_GLOBAL = "__webpack_nonce__";

/**
 * Radix Dialog locks page scrolling with a small <style> element it injects at runtime
 * (react-remove-scroll). The Content-Security-Policy admits only styles carrying the page's
 * nonce, so the nonce the server put on the page's scripts is handed to the injector once,
 * before anything renders.
 */
export function shareNonceWithStyleInjectors(): void {
  const nonce = pageNonce();
  if (nonce) Object.assign(globalThis, { [NONCE_GLOBAL]: nonce });
}
