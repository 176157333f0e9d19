import { useCallback, useEffect, useRef } from "react";
import { useBeforeUnload, useBlocker } from "react-router";

export const UNSAVED_CHANGES_CONFIRM = "You have unsaved changes. Leave this page and lose them?";

/**
 * Asks before a navigation (a sidebar link, the back button, closing the tab) would throw away
 * what the admin typed. Returns `allowLeave`, for the form's own exits (saved, Cancel).
 */
export function useUnsavedChangesGuard(dirty: boolean): () => void {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !allowed.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(UNSAVED_CHANGES_CONFIRM)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (dirty && !allowed.current) event.preventDefault();
      },
      [dirty],
    ),
  );

  return useCallback(() => {
    allowed.current = true;
  }, []);
}
