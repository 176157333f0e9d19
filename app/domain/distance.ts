// Thousands separators belong to the number: Western grouping ('18,500', '1,234,567') or
// Indian grouping ('1,20,000'); otherwise a bare run of digits. A comma that fits neither
// grouping ends the number ('1,2000' reads as 1).
const FIRST_WHOLE_NUMBER = /\d{1,3}(?:,\d{3})+(?!\d)|\d{1,2}(?:,\d{2})+,\d{3}(?!\d)|\d+/;

/**
 * product.md#statistics: the first whole number in a distance text, in km ('450 km' → 450,
 * '1,200 km' → 1200, 'approx 300-350 km' → 300, '12.5 km' → 12); 0 when there is none.
 */
export function distanceKm(text: unknown): number {
  if (typeof text !== "string" && typeof text !== "number") return 0;
  const match = FIRST_WHOLE_NUMBER.exec(String(text));
  return match ? Number(match[0].replaceAll(",", "")) : 0;
}
