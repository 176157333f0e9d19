import { type ReactNode, useEffect } from "react";

/**
 * The top of every island's tree, on the server and in the browser alike (element ids come
 * from the tree's shape, so both sides must have the same one). Once hydrated, it tells the
 * page: `data-hydrated` on the island, which tests wait for.
 */
export function IslandRoot({ children, onHydrated }: { children: ReactNode; onHydrated?: () => void }) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return children;
}
