const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * A moment as '22 Nov 2026, 14:05 IST'. The community works in India, so every admin reads
 * its time; spelled out by hand because Intl output differs between Node's and the browser's
 * ICU versions (spaces, 'am'/'AM'), which would make the server-rendered text mismatch.
 */
export function formatIndianTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  const ist = new Date(time + IST_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}, ${two(ist.getUTCHours())}:${two(ist.getUTCMinutes())} IST`;
}

/** The day it is in India at `moment`, as YYYY-MM-DD: the calendar the rides' dates are written in. */
export function indianDateOf(moment: Date): string {
  return new Date(moment.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}
