// The About page shows a few riders' words, rotated (docs/features/ride-words.md#about): the
// choice depends only on the day in India and the words themselves, so every render of a day
// (every instance, every cache) shows the same few, and the next day others.

const DAY_MS = 24 * 60 * 60 * 1000;
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The day number in India (days since 1970-01-01 IST). */
export function indianDayNumber(now: Date): number {
  return Math.floor((now.getTime() + INDIA_OFFSET_MS) / DAY_MS);
}

/**
 * `count` items starting at the day's offset, wrapping: with the items in a stable order (by id),
 * each day starts `count` further along, so all are shown in turn.
 */
export function rotationOfDay<T>(items: readonly T[], count: number, now: Date): T[] {
  if (items.length <= count) return [...items];
  const start = (indianDayNumber(now) * count) % items.length;
  return Array.from({ length: count }, (_, index) => items[(start + index) % items.length]!);
}
