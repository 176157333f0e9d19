// How money documents are numbered (docs/features/money-documents.md): one gapless series per
// type and financial year (April to March, India time), printed as series, year and number in at
// most 16 characters, e.g. 'RV2627-000042'.

import { indianDateOf } from "~/domain/indian-time";

/** India's financial year `moment` falls in, as '2026-27'. */
export function financialYearOf(moment: Date): string {
  const [year, month] = indianDateOf(moment).split("-").map(Number) as [number, number];
  const first = month >= 4 ? year : year - 1;
  return `${first}-${String((first + 1) % 100).padStart(2, "0")}`;
}

/** A document's printed number: 'RV2627-000042'. */
export function documentCode(series: string, financialYear: string, number: number): string {
  const code = `${series}${financialYear.slice(2, 4)}${financialYear.slice(5, 7)}-${String(number).padStart(6, "0")}`;
  if (code.length > 16) throw new RangeError(`A document number is at most 16 characters: ${code}`);
  return code;
}
