/**
 * A ride's public pages are stale (its seats, waiver, gallery, riders' words…): cached pages
 * showing it are dropped, here and on other instances. null: every ride's.
 */
export function ridePagesChanged(rideId: string | null) {
  return { kind: "content-changed", change: { collection: "rides", id: rideId, action: "updated" } } as const;
}
