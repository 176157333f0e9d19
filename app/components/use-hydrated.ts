import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and while the browser hydrates what the server drew, true once the
 * component runs in the browser: a control only a script can make work is drawn from then on.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
