// When each change of one sync happened, as the server records it (docs/features/ride-day.md#the-sync):
// the time the captain made it on the phone, clamped into the ride's window (a phone's clock may
// be set to 1970 or run ahead of the server's), and each strictly after the one before, so that
// a check-in and its undo keep their order in the trail even when clamped to one instant.

/**
 * The time of each change, in the order sent: its `at` clamped to [from, until], then at least
 * one millisecond after the previous change's (so the last may pass `until` by a few ms).
 */
export function changeTimes(changes: readonly { at: string }[], from: Date, until: Date): Date[] {
  const times: Date[] = [];
  let previous = -Infinity;
  for (const { at } of changes) {
    const made = Date.parse(at);
    const clamped = Math.min(Math.max(Number.isNaN(made) ? until.getTime() : made, from.getTime()), until.getTime());
    previous = Math.max(clamped, previous + 1);
    times.push(new Date(previous));
  }
  return times;
}
