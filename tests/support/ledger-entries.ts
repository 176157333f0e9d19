import type { LedgerEntry } from "~/domain/registration/dues";

/** A confirmed ledger entry of a test, on 10 January 2027 unless `extra` says otherwise. */
export function ledgerEntry(
  kind: LedgerEntry["kind"],
  part: LedgerEntry["part"],
  amountPaise: number,
  extra: Partial<LedgerEntry> = {},
): LedgerEntry {
  return {
    kind,
    part,
    amountPaise,
    state: "confirmed",
    method: null,
    reference: null,
    createdAt: "2027-01-10T06:00:00.000Z",
    ...extra,
  };
}
