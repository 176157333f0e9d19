import { amountOf } from "~/domain/registration/balance";

// Bank statements made up for tests and the benchmark, in HDFC's layout (the fixtures under
// tests/fixtures/statements/ are the other banks'). Names and UPI ids are invented.

export const HDFC_HEADER = [
  "Date",
  "Narration",
  "Chq./Ref.No.",
  "Value Dt",
  "Withdrawal Amt.",
  "Deposit Amt.",
  "Closing Balance",
];

export type MadeUpLine = {
  kind: "upi-credit" | "upi-debit" | "neft-credit";
  /** Day of April 2024, 1 to 30. */
  day: number;
  utr: string;
  /** The payer's note: a booking reference, or any words. */
  note: string;
  amountPaise: number;
};

/**
 * A statement's rows: HDFC's preamble, header, the lines, and its summary footer. Every other
 * line carries its UTR in the reference column too, so both places a UTR is read from are used.
 */
export function hdfcRows(lines: readonly MadeUpLine[]): string[][] {
  const rows = lines.map((line, index) => {
    const date = `${String(line.day).padStart(2, "0")}/04/24`;
    const amount = amountOf(line.amountPaise);
    const payer = `RIDER ${index}`;
    if (line.kind === "neft-credit")
      return [date, `NEFT CR-HDFC0000001-${payer}-N0932${index}`, "", date, "", amount, ""];
    const narration = `UPI-${payer}-rider${index}@okhdfcbank-HDFC0001234-${line.utr}-${line.note}`;
    const reference = index % 2 === 0 ? `0000${line.utr}` : "";
    const [debit, credit] = line.kind === "upi-debit" ? [amount, ""] : ["", amount];
    return [date, narration, reference, date, debit, credit, ""];
  });
  return [
    ["HDFC BANK Ltd."],
    ["TEST RIDERS CLUB", "", "", "", "", "", "Statement From : 01/04/2024 To : 30/04/2024"],
    [""],
    HDFC_HEADER,
    ...rows,
    [""],
    ["STATEMENT SUMMARY :-"],
    ["Opening Balance", "Dr Count", "Cr Count", "Debits", "Credits", "Closing Bal"],
    ["120000.00", "1", "3", "2000.00", "38500.00", "156500.00"],
  ];
}
