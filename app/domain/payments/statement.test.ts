import { describe, expect, it } from "vitest";
import { bankKey, guessMapping, readLines, STATEMENT_ERRORS, type ColumnMapping } from "./statement";

// Header rows as the banks' exports write them (docs/features/bank-statements.md).
const HEADERS = {
  sbi: ["Txn Date", "Value Date", "Description", "Ref No./Cheque No.", "        Debit", "Credit", "Balance"],
  hdfc: ["Date", "Narration", "Chq./Ref.No.", "Value Dt", "Withdrawal Amt.", "Deposit Amt.", "Closing Balance"],
  icici: [
    "S No.",
    "Value Date",
    "Transaction Date",
    "Cheque Number",
    "Transaction Remarks",
    "Withdrawal Amount (INR )",
    "Deposit Amount (INR )",
    "Balance (INR )",
  ],
  axis: ["Tran Date", "CHQNO", "PARTICULARS", "DR", "CR", "BAL", "SOL"],
  kotak: [
    "Sl. No.",
    "Transaction Date",
    "Value Date",
    "Description",
    "Chq / Ref No.",
    "Amount",
    "Dr / Cr",
    "Balance",
    "Dr / Cr",
  ],
};

describe("guessMapping", () => {
  it.each<[keyof typeof HEADERS, ColumnMapping]>([
    [
      "sbi",
      { date: "Txn Date", narration: "Description", reference: "Ref No./Cheque No.", credit: "Credit", debit: "Debit" },
    ],
    [
      "hdfc",
      {
        date: "Date",
        narration: "Narration",
        reference: "Chq./Ref.No.",
        credit: "Deposit Amt.",
        debit: "Withdrawal Amt.",
      },
    ],
    [
      "icici",
      {
        date: "Transaction Date",
        narration: "Transaction Remarks",
        reference: "Cheque Number",
        credit: "Deposit Amount (INR )",
        debit: "Withdrawal Amount (INR )",
      },
    ],
    ["axis", { date: "Tran Date", narration: "PARTICULARS", reference: "CHQNO", credit: "CR", debit: "DR" }],
    [
      "kotak",
      {
        date: "Transaction Date",
        narration: "Description",
        reference: "Chq / Ref No.",
        amount: "Amount",
        direction: "Dr / Cr",
      },
    ],
  ])("maps %s's export", (bank, mapping) => {
    expect(guessMapping(HEADERS[bank])).toEqual(mapping);
  });

  it("maps a signed amount column without a direction, and no reference when there is none", () => {
    expect(guessMapping(["Posting Date", "Remarks", "Amount (INR)"])).toEqual({
      date: "Posting Date",
      narration: "Remarks",
      amount: "Amount (INR)",
    });
  });

  it("maps nothing without a date, a narration, or an amount", () => {
    expect(guessMapping(["Account Name       :", "TEST RIDERS CLUB"])).toBeNull();
    expect(guessMapping(["Date", "Narration", "Closing Balance"])).toBeNull();
    expect(guessMapping(["Narration", "Deposit Amt."])).toBeNull();
    expect(guessMapping([])).toBeNull();
  });
});

describe("bankKey", () => {
  it("is the same for one layout however its headers are spaced or trailed", () => {
    expect(bankKey(HEADERS.sbi)).toBe("txndate|valuedate|description|refnochequeno|debit|credit|balance");
    expect(bankKey([...HEADERS.hdfc, "", ""])).toBe(bankKey(HEADERS.hdfc.map((header) => ` ${header.toUpperCase()} `)));
  });

  it("tells the banks apart", () => {
    const keys = Object.values(HEADERS).map(bankKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

const HDFC = guessMapping(HEADERS.hdfc)!;
const KOTAK = guessMapping(HEADERS.kotak)!;

/** An HDFC line: date, narration, reference, withdrawal, deposit. */
function hdfcRow(date: string, narration: string, reference: string, debit: string, credit: string): string[] {
  return [date, narration, reference, date, debit, credit, ""];
}

describe("readLines", () => {
  it("reads the UPI credits after the header row, numbering rows from the file's first", () => {
    const rows = [
      ["HDFC BANK Ltd."],
      [""],
      HEADERS.hdfc,
      hdfcRow(
        "01/04/24",
        "UPI-ASHA-asha@okhdfcbank-HDFC0001234-409112345611-RB-7K3Q",
        "0000409112345611",
        "",
        "5,000.00",
      ),
    ];
    expect(readLines(rows, HDFC)).toEqual({
      lines: [
        {
          line: 4,
          date: "2024-04-01",
          amountPaise: 500_000,
          utr: "409112345611",
          bookingReference: "RB-7K3Q",
          narration: "UPI-ASHA-asha@okhdfcbank-HDFC0001234-409112345611-RB-7K3Q",
        },
      ],
      errors: [],
    });
  });

  it("passes over debits, lines that are not UPI, blank, summary and footer rows and a repeated header", () => {
    const rows = [
      HEADERS.hdfc,
      hdfcRow("01/04/24", "UPI-FUEL-fuel@ybl-YESB0YBLUPI-409112345612-Payment", "0000409112345612", "2,000.00", ""),
      hdfcRow("02/04/24", "NEFT CR-HDFC0000001-KIRAN MEHTA-N093240123", "N093240123", "", "10,000.00"),
      hdfcRow("02/04/24", "UPI-ZERO-z@ybl-YESB0YBLUPI-409112345613-x", "", "", "0.00"),
      [""],
      ["", "UPI - Unified Payments Interface"],
      ["STATEMENT SUMMARY :-"],
      ["Opening Balance", "Dr Count", "Cr Count", "Debits", "Credits", "Closing Bal"],
      ["120000.00", "1", "3", "2000.00", "38500.00", "156500.00"],
      HEADERS.hdfc,
    ];
    expect(readLines(rows, HDFC)).toEqual({ lines: [], errors: [] });
  });

  it("reports a UPI line whose date, amount or UTR cannot be read, by its row", () => {
    const rows = [
      HEADERS.hdfc,
      hdfcRow("31/02/24", "UPI-A-a@ybl-YESB0YBLUPI-409112345614-RB-7K3Q", "", "", "5,000.00"),
      hdfcRow("01/04/24", "UPI-B-b@ybl-YESB0YBLUPI-409112345615-RB-7K3Q", "", "", "5,000.0.0"),
      hdfcRow("01/04/24", "UPI-C-c@ybl-YESB0YBLUPI-RB-7K3Q", "", "", "5,000.00"),
      hdfcRow("01/04/24", "UPI-D-d@ybl-YESB0YBLUPI-409112345616-RB-7K3Q", "", "", ""),
    ];
    expect(readLines(rows, HDFC)).toEqual({
      lines: [],
      errors: [
        { line: 2, message: STATEMENT_ERRORS.date },
        { line: 3, message: STATEMENT_ERRORS.amount },
        { line: 4, message: STATEMENT_ERRORS.noUtr },
        { line: 5, message: STATEMENT_ERRORS.noAmount },
      ],
    });
  });

  it("takes an empty credit as a debit when the mapping has no debit column", () => {
    const { debit: _debit, ...creditOnly } = HDFC;
    const rows = [HEADERS.hdfc, hdfcRow("01/04/24", "UPI-D-d@ybl-409112345616", "", "", "")];
    expect(readLines(rows, creditOnly as ColumnMapping)).toEqual({ lines: [], errors: [] });
  });

  it("reads one amount column by its Cr/Dr column, or by the amount's own sign or suffix", () => {
    const kotakRow = (amount: string, direction: string, utr: string) => [
      "1",
      "01-04-2024",
      "01-04-2024",
      `UPI/ASHA/${utr}/RB-7K3Q`,
      `UPI-${utr}`,
      amount,
      direction,
      "1,25,000.00",
      "CR",
    ];
    const rows = [
      HEADERS.kotak,
      kotakRow("5,000.00", "CR", "409112345631"),
      kotakRow("2,000.00", "DR", "409112345632"),
      kotakRow("300.00 Cr", "", "409112345633"),
      kotakRow("-400.00", "", "409112345634"),
      kotakRow("600.00", "", "409112345635"),
      kotakRow("700.00", "UPI", "409112345636"),
    ];
    const { lines, errors } = readLines(rows, KOTAK);
    expect(lines.map(({ line, amountPaise, utr }) => ({ line, amountPaise, utr }))).toEqual([
      { line: 2, amountPaise: 500_000, utr: "409112345631" },
      { line: 4, amountPaise: 30_000, utr: "409112345633" },
      { line: 6, amountPaise: 60_000, utr: "409112345635" },
    ]);
    expect(errors).toEqual([{ line: 7, message: STATEMENT_ERRORS.direction }]);
  });

  it("reports a file with no row naming the mapping's columns", () => {
    expect(
      readLines(
        [
          ["Date", "Narration"],
          ["01/04/24", "UPI"],
        ],
        HDFC,
      ),
    ).toEqual({
      lines: [],
      errors: [{ line: null, message: STATEMENT_ERRORS.noHeader }],
    });
  });
});
