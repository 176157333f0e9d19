// Amounts on a money document: rupees and paise always, in Indian grouping (₹1,23,456.78).

function indianGroups(digits: string): string {
  if (digits.length <= 3) return digits;
  const last = digits.slice(-3);
  const rest = digits.slice(0, -3);
  return `${rest.replace(/\B(?=(\d{2})+$)/g, ",")},${last}`;
}

/** Paise as '₹1,23,456.78' (a negative amount as '−₹…', a correction's). */
export function formatDocumentAmount(paise: number): string {
  const sign = paise < 0 ? "−" : "";
  const whole = Math.abs(paise);
  return `${sign}₹${indianGroups(String(Math.floor(whole / 100)))}.${String(whole % 100).padStart(2, "0")}`;
}

/** Paise as '123456.78', for the accountant's files. */
export function formatPlainAmount(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const whole = Math.abs(paise);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}
