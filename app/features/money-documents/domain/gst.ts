// The GST arithmetic of a money document (docs/features/money-documents.md): pure, in whole paise.
// Prices are GST-inclusive: what a rider pays is the taxable value plus the tax.
//
// Rules, chosen once and tested:
// - taxable value = amount × 100 / (100 + rate), rounded half up to the paisa; tax = amount − taxable,
//   so taxable + tax is always the amount paid, to the paisa.
// - within one state the tax is CGST + SGST, each half of it: when the tax is an odd number of
//   paise, CGST is rounded up and SGST down, so CGST + SGST = tax exactly. Between states, IGST = tax.
// - a refund voucher gives back a share of the receipt vouchers it refers to: the whole of them →
//   exactly their taxable value and tax; a part → their taxable value in proportion, rounded half up.

/** A GST rate in hundredths of a percent: 500 is 5 %. */
export type RateBasisPoints = number;

export const DEFAULT_RATE_BASIS_POINTS: RateBasisPoints = 500;
/** Tour operator services (SAC 998555), at 5 % without input tax credit. */
export const DEFAULT_SAC = "998555";

export type TaxSplit = {
  amountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  rateBasisPoints: RateBasisPoints;
  /** The supplier and the place of supply are in one state: CGST + SGST; else IGST. */
  intraState: boolean;
};

/** n / d rounded half up, for n ≥ 0 and d > 0, in integers. */
function roundedDivision(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

/** The tax in `taxPaise` split as the supply's states say. */
function split(amountPaise: number, taxablePaise: number, rateBasisPoints: number, intraState: boolean): TaxSplit {
  const tax = amountPaise - taxablePaise;
  const half = Math.floor(tax / 2);
  return {
    amountPaise,
    taxablePaise,
    cgstPaise: intraState ? tax - half : 0,
    sgstPaise: intraState ? half : 0,
    igstPaise: intraState ? 0 : tax,
    rateBasisPoints,
    intraState,
  };
}

/** The taxable value and tax in a GST-inclusive amount at `rateBasisPoints`. */
export function taxOf(amountPaise: number, rateBasisPoints: RateBasisPoints, intraState: boolean): TaxSplit {
  if (!Number.isInteger(amountPaise) || amountPaise < 0) throw new RangeError("an amount is whole paise, ≥ 0");
  const taxable = roundedDivision(amountPaise * 10_000, 10_000 + rateBasisPoints);
  return split(amountPaise, taxable, rateBasisPoints, intraState);
}

/**
 * What a refund of `refundPaise` gives back of the receipt vouchers `of` (their amounts and taxable
 * values summed): all of them → exactly their figures; a part → their taxable value in proportion.
 */
export function refundTaxOf(
  refundPaise: number,
  of: { amountPaise: number; taxablePaise: number },
  rateBasisPoints: RateBasisPoints,
  intraState: boolean,
): TaxSplit {
  if (of.amountPaise <= 0 || refundPaise > of.amountPaise) return taxOf(refundPaise, rateBasisPoints, intraState);
  const taxable =
    refundPaise === of.amountPaise ? of.taxablePaise : roundedDivision(of.taxablePaise * refundPaise, of.amountPaise);
  return split(refundPaise, taxable, rateBasisPoints, intraState);
}

/** A rate as printed: '5%', '2.5%', '0.25%'. */
export function formatRate(rateBasisPoints: RateBasisPoints): string {
  return `${String(rateBasisPoints / 100)}%`;
}
