// A made-up bank statement in HDFC's columns, for the statement page's tests (integration and
// end-to-end): each line a UPI credit unless it says otherwise.

export type StatementCsvLine = {
  utr: string;
  amountPaise: number;
  /** The payer's note after the UTR, e.g. a booking reference. */
  note?: string;
  /** A UPI debit, or a credit by NEFT (never read as a payment). */
  kind?: "upi" | "upi-debit" | "neft";
};

export const STATEMENT_HEADERS = ["Date", "Narration", "Chq./Ref.No.", "Withdrawal Amt.", "Deposit Amt."] as const;

function rupees(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
}

/** The statement's CSV text: an account line, the header row, then one row per line dated April 2027. */
export function statementCsv(lines: readonly StatementCsvLine[]): string {
  const rows = lines.map(({ utr, amountPaise, note = "", kind = "upi" }, index) => {
    const day = String((index % 28) + 1).padStart(2, "0");
    const narration =
      kind === "neft" ? `NEFT CR-${utr}-PAYER ${index}-${note}` : `UPI/${utr}/${note}/payer${index}@okaxis`;
    const [debit, credit] = kind === "upi-debit" ? [rupees(amountPaise), ""] : ["", rupees(amountPaise)];
    return [`${day}/04/2027`, narration, kind === "neft" ? "" : utr, debit, credit];
  });
  return [["Account,TEST RIDERS CLUB"], [...STATEMENT_HEADERS], ...rows].map((row) => row.join(",")).join("\n") + "\n";
}
