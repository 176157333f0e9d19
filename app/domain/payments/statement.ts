import {
  cellAmount,
  cellDirection,
  isBlankAmount,
  lineUtr,
  mentionsUpi,
  narrationReference,
  statementDate,
  type CellAmount,
} from "./statement-cells";

// A bank statement's lines, read into the UPI credits that may pay bookings
// (docs/features/bank-statements.md). The columns are named by their header text, as the file
// spells it, so a mapping an admin confirmed once is remembered per bank (bankKey).

/**
 * Which columns a line is read from: either one amount column (signed, or with 'Cr'/'Dr' after
 * the figure, or beside a Cr/Dr column: `direction`) or a credit column with, optionally, the
 * debit column beside it.
 */
export type ColumnMapping = {
  date: string;
  narration: string;
  /** The bank's reference column (HDFC's 'Chq./Ref.No.'): the UTR is read from it first. */
  reference?: string;
} & (
  | { amount: string; direction?: string; credit?: never; debit?: never }
  | { credit: string; debit?: string; amount?: never; direction?: never }
);

/** One UPI credit of the statement. */
export type StatementLine = {
  /** The line's row in the file, from 1, as a spreadsheet numbers it. */
  line: number;
  /** 'YYYY-MM-DD'. */
  date: string;
  amountPaise: number;
  /** The 12-digit UPI transaction number. */
  utr: string;
  /** The booking reference the payment note carried ('RB-7K3Q'), or null. */
  bookingReference: string | null;
  narration: string;
};

/** A line that could not be read; `line` is null when the fault is the file's as a whole. */
export type StatementError = { line: number | null; message: string };

export type StatementReading = { lines: StatementLine[]; errors: StatementError[] };

/** Why a line could not be read, for the admin (no cell is quoted: a shifted column could show a name). */
export const STATEMENT_ERRORS = {
  noHeader: "No row of the file names the chosen columns. Choose the columns again.",
  date: "The date cannot be read. Dates are read as dd/mm/yyyy, dd-mm-yy, dd MMM yyyy or yyyy-mm-dd.",
  amount: "The amount cannot be read. Amounts are read in rupees, such as 1,00,000.50 or 500.00 Cr.",
  direction: "The Cr/Dr column cannot be read. It should say Cr or Dr.",
  noAmount: "Neither the credit nor the debit column holds an amount.",
  noUtr: "This UPI credit has no 12-digit UPI transaction number (UTR) in its reference or narration.",
} as const;

/** A header as compared: letters and digits only, lower case ('Chq./Ref.No.' is 'chqrefno'). */
export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, "");
}

type Role = "direction" | "balance" | "debit" | "credit" | "date" | "reference" | "narration" | "amount";

// What each column of the usual exports is, tried in this order so the first role that fits
// wins: 'Withdrawal Amt.' is a debit before it is an amount, 'Dr / Cr' a direction before a
// debit, 'Closing Balance' a balance (never read) before anything else.
//   SBI:   Txn Date, Value Date, Description, Ref No./Cheque No., Debit, Credit, Balance
//   HDFC:  Date, Narration, Chq./Ref.No., Value Dt, Withdrawal Amt., Deposit Amt., Closing Balance
//   ICICI: S No., Value Date, Transaction Date, Cheque Number, Transaction Remarks,
//          Withdrawal Amount (INR ), Deposit Amount (INR ), Balance (INR )
//   Axis:  Tran Date, CHQNO, PARTICULARS, DR, CR, BAL, SOL
//   Kotak: Sl. No., Transaction Date, Value Date, Description, Chq / Ref No., Amount, Dr / Cr, Balance, Dr / Cr
const ROLES: [Role, RegExp][] = [
  ["direction", /^(crdr|drcr|debitcredit|creditdebit|crdrindicator|drcrindicator)$/],
  ["balance", /balance|^bal$/],
  ["debit", /^(debit|withdrawal|dr)/],
  ["credit", /^(credit|deposit|cr)/],
  ["date", /date|dt$/],
  ["reference", /ref|chq|cheque|utr|instrument/],
  ["narration", /narration|description|particulars|remarks|details/],
  ["amount", /amount|amt/],
];

/**
 * The mapping of a header row as the usual Indian bank exports name their columns (SBI, HDFC,
 * ICICI, Axis, Kotak and look-alikes), or null unless it finds a date, a narration and an
 * amount or credit column. The transaction date is preferred to the value date; of two
 * columns of one name (Kotak's two 'Dr / Cr'), the first.
 */
export function guessMapping(headers: readonly string[]): ColumnMapping | null {
  const found = new Map<Role, string[]>();
  for (const header of headers) {
    const key = headerKey(header);
    const role = key === "" ? undefined : ROLES.find(([, pattern]) => pattern.test(key))?.[0];
    if (role) found.set(role, [...(found.get(role) ?? []), header.trim()]);
  }
  const first = (role: Role) => found.get(role)?.[0];
  const dates = found.get("date") ?? [];
  const date = dates.find((header) => !headerKey(header).startsWith("value")) ?? dates[0];
  const narration = first("narration");
  if (!date || !narration) return null;
  const reference = first("reference");
  const columns = { date, narration, ...(reference ? { reference } : {}) };
  const credit = first("credit");
  const debit = first("debit");
  if (credit) return { ...columns, credit, ...(debit ? { debit } : {}) };
  const amount = first("amount");
  const direction = first("direction");
  if (amount) return { ...columns, amount, ...(direction ? { direction } : {}) };
  return null;
}

/**
 * A stable key for a bank's layout: its header names, compared as headerKey compares them, in
 * order. Two exports with the same columns share a key, and so the mapping remembered for it.
 */
export function bankKey(headers: readonly string[]): string {
  return headers.map(headerKey).join("|").replace(/\|+$/, "");
}

/** Column positions of a mapping in one header row; -1 for a column the mapping leaves out. */
type Columns = Record<"date" | "narration" | "reference" | "amount" | "direction" | "credit" | "debit", number>;

/** Where a row names every column of the mapping, their positions; null when it does not. */
function columnsIn(row: readonly string[], mapping: ColumnMapping): Columns | null {
  const keys = row.map(headerKey);
  const at = (header: string | undefined) => (header === undefined ? -1 : keys.indexOf(headerKey(header)));
  const columns: Columns = {
    date: at(mapping.date),
    narration: at(mapping.narration),
    reference: at(mapping.reference),
    amount: at(mapping.amount),
    direction: at(mapping.direction),
    credit: at(mapping.credit),
    debit: at(mapping.debit),
  };
  const named = Object.entries(columns).every(
    ([role, index]) => index !== -1 || mapping[role as keyof ColumnMapping] === undefined,
  );
  return named ? columns : null;
}

/** What reading one row came to: a UPI credit, a line to pass over, or an error. */
type RowReading = StatementLine | "skip" | { error: string };

/** The credit of a row in paise, "skip" when it is a debit or holds no money, or an error. */
function creditOf(cell: (index: number) => string, columns: Columns): number | "skip" | { error: string } {
  if (columns.credit !== -1) {
    const credit = cell(columns.credit);
    if (isBlankAmount(credit)) {
      // Without a debit column, an empty credit is a debit; with one, a line needs one of them.
      return columns.debit !== -1 && isBlankAmount(cell(columns.debit)) ? { error: STATEMENT_ERRORS.noAmount } : "skip";
    }
    const amount = cellAmount(credit);
    return amount ? creditPaise(amount) : { error: STATEMENT_ERRORS.amount };
  }
  const amount = cellAmount(cell(columns.amount));
  if (!amount) return { error: STATEMENT_ERRORS.amount };
  if (columns.direction === -1 || cell(columns.direction).trim() === "") return creditPaise(amount);
  const direction = cellDirection(cell(columns.direction));
  if (!direction) return { error: STATEMENT_ERRORS.direction };
  return creditPaise({ ...amount, direction });
}

/** A credit's paise; "skip" for a debit or nothing at all (an amount that states no direction is a credit). */
function creditPaise(amount: CellAmount): number | "skip" {
  return amount.direction === "debit" || amount.paise === 0 ? "skip" : amount.paise;
}

function readRow(row: readonly string[], line: number, columns: Columns): RowReading {
  const cell = (index: number) => (index === -1 ? "" : (row[index] ?? ""));
  // A row without a date is a blank, a summary or footer row, or a narration wrapped onto a
  // row of its own; a row that is not UPI is a cheque, a transfer or a summary: none pays a booking.
  const dateCell = cell(columns.date).trim();
  const narration = cell(columns.narration).trim();
  const reference = cell(columns.reference);
  if (dateCell === "" || !(mentionsUpi(narration) || mentionsUpi(reference))) return "skip";
  const paise = creditOf(cell, columns);
  if (paise === "skip" || typeof paise === "object") return paise;
  const date = statementDate(dateCell);
  if (!date) return { error: STATEMENT_ERRORS.date };
  const utr = lineUtr(reference, narration);
  if (!utr) return { error: STATEMENT_ERRORS.noUtr };
  return { line, date, amountPaise: paise, utr, bookingReference: narrationReference(narration), narration };
}

/**
 * The UPI credits of a statement: `rows` are every row of the file, preamble included; the
 * header row is the first that names every column of the mapping, and the lines are the rows
 * after it. Debits, lines that are not UPI, and rows without a date (blank, summary and footer
 * rows) are passed over; a UPI line whose date, amount or UTR cannot be read is an error.
 */
export function readLines(rows: readonly (readonly string[])[], mapping: ColumnMapping): StatementReading {
  const reading: StatementReading = { lines: [], errors: [] };
  let columns: Columns | null = null;
  for (const [index, row] of rows.entries()) {
    if (!columns) {
      columns = columnsIn(row, mapping);
      continue;
    }
    const result = readRow(row, index + 1, columns);
    if (result === "skip") continue;
    if ("error" in result) reading.errors.push({ line: index + 1, message: result.error });
    else reading.lines.push(result);
  }
  if (!columns) reading.errors.push({ line: null, message: STATEMENT_ERRORS.noHeader });
  return reading;
}
