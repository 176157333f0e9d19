import { useEffect, useRef } from "react";
import { UPCOMING_PATH } from "~/domain/links";

/** The alert, then the upcoming rides in place of this page (product.md#ride-errors), an island that draws nothing. */
export function RideErrorAlert({ alert }: { alert: string }) {
  // React's development double-run of effects must not show the alert twice.
  const alerted = useRef(false);
  useEffect(() => {
    if (alerted.current) return;
    alerted.current = true;
    window.alert(alert);
    window.location.replace(UPCOMING_PATH);
  }, [alert]);
  return null;
}
