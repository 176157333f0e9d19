// The sections of the ride details page, in page order; the tab bar links to each by id.
export const RIDE_SECTIONS = [
  { id: "overview", label: "Overview" },
  { id: "itinerary", label: "Itinerary" },
  { id: "inclusions", label: "Inclusions" },
  { id: "things-to-carry", label: "Things to Carry" },
  { id: "policy", label: "Policy" },
] as const;

export type RideSectionId = (typeof RIDE_SECTIONS)[number]["id"];

/**
 * Which section is active for a scroll position: the last one whose top edge has reached
 * `offset` pixels below the top of the viewport, or the first while none has.
 */
export function activeSectionIndex(sectionTops: readonly number[], offset: number): number {
  let active = 0;
  sectionTops.forEach((top, index) => {
    if (top <= offset) active = index;
  });
  return active;
}
