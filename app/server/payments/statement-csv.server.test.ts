import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { matchStatement, type ExpectedPayment } from "~/domain/payments/match-statement";
import { bankKey, guessMapping, readLines } from "~/domain/payments/statement";
import { ValidationError } from "../validation/errors.server";
import {
  MAX_STATEMENT_BYTES,
  MAX_STATEMENT_ROWS,
  readStatementCsv,
  STATEMENT_FIELD,
  STATEMENT_FILE_ERRORS,
} from "./statement-csv.server";

const FIXTURES = new URL("../../../tests/fixtures/statements/", import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));

/** What readStatementCsv refused the file with, on the upload's field. */
function refusal(file: Buffer | string): string | undefined {
  try {
    readStatementCsv(file);
  } catch (error) {
    if (error instanceof ValidationError) return error.errors[STATEMENT_FIELD];
    throw error;
  }
  return undefined;
}

// Each fixture holds the same days of the club's account, as its bank exports them: Asha pays
// RB-7K3Q's booking amount with the reference in her note; a UPI debit (fuel); an NEFT credit;
// Kiran pays RB-M4XP's booking amount and balance at once; Ravi pays back a dinner; Meera pays
// with no reference in her note, having given the UTR on her booking page. Rows are numbered in
// the file, from 1.
describe.each([
  // the bank, its header row, its UPI credits' rows
  { bank: "sbi", headerRow: 10, rows: [11, 14, 15, 16] },
  { bank: "hdfc", headerRow: 5, rows: [6, 9, 10, 11] },
  { bank: "icici", headerRow: 4, rows: [5, 8, 9, 10] },
  { bank: "kotak", headerRow: 6, rows: [8, 11, 12, 13] },
])("the $bank statement", ({ bank, headerRow, rows }) => {
  const table = readStatementCsv(fixture(`${bank}.csv`));
  const mapping = guessMapping(table.headers)!;
  const reading = readLines(table.rows, mapping);

  it("is read past its preamble to its header row", () => {
    expect(table.headerRow).toBe(headerRow);
    expect(table.rows[headerRow - 1]!.map((cell) => cell.trim())).toEqual(table.headers);
    expect(mapping).not.toBeNull();
  });

  it("gives its UPI credits, passing over the debit, the NEFT credit and the summary rows", () => {
    expect(reading.errors).toEqual([]);
    expect(
      reading.lines.map(({ line, amountPaise, bookingReference }) => ({ line, amountPaise, bookingReference })),
    ).toEqual([
      { line: rows[0], amountPaise: 500_000, bookingReference: "RB-7K3Q" },
      { line: rows[1], amountPaise: 2_850_000, bookingReference: "RB-M4XP" },
      { line: rows[2], amountPaise: 50_000, bookingReference: null },
      { line: rows[3], amountPaise: 500_000, bookingReference: null },
    ]);
    expect(reading.lines[0]!.date).toBe("2024-04-01");
    expect(reading.lines[3]!.date).toBe("2024-04-04");
    for (const line of reading.lines) expect(line.utr).toMatch(/^409\d{9}$/);
  });

  it("matches the bookings' payments", () => {
    const meera = reading.lines[3]!.utr;
    const expected: ExpectedPayment[] = [
      { registrationId: "asha", reference: "RB-7K3Q", part: "booking", amountPaise: 500_000, claimedUtr: null },
      { registrationId: "asha", reference: "RB-7K3Q", part: "balance", amountPaise: 2_350_000, claimedUtr: null },
      { registrationId: "kiran", reference: "RB-M4XP", part: "booking", amountPaise: 500_000, claimedUtr: null },
      { registrationId: "kiran", reference: "RB-M4XP", part: "balance", amountPaise: 2_350_000, claimedUtr: null },
      { registrationId: "meera", reference: "RB-9HTW", part: "booking", amountPaise: 500_000, claimedUtr: meera },
    ];
    const matching = matchStatement(reading.lines, expected, new Set());
    expect(matching.matches.map(({ line, expected }) => [line.line, expected.registrationId, expected.part])).toEqual([
      [rows[0], "asha", "booking"],
      [rows[1], "kiran", "booking"],
      [rows[1], "kiran", "balance"],
      [rows[3], "meera", "booking"],
    ]);
    expect(matching.mismatches.map(({ line, reason }) => [line.line, reason])).toEqual([[rows[2], "utr-unknown"]]);
    expect(matching.unmatched).toEqual([expected[1]]);
  });
});

describe("readStatementCsv", () => {
  const hdfc = fixture("hdfc.csv");

  it("gives each bank's layout a key of its own", () => {
    const keys = ["sbi", "hdfc", "icici", "kotak"].map((bank) =>
      bankKey(readStatementCsv(fixture(`${bank}.csv`)).headers),
    );
    expect(new Set(keys).size).toBe(4);
  });

  it("reads UTF-8 with a byte order mark, and text already decoded, alike", () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), hdfc]);
    expect(readStatementCsv(withBom)).toEqual(readStatementCsv(hdfc));
    expect(readStatementCsv(`\uFEFF${hdfc.toString("utf8")}`)).toEqual(readStatementCsv(hdfc));
  });

  it("keeps blank rows, so a row's place is its number in the file", () => {
    const table = readStatementCsv(hdfc);
    expect(table.rows[3]).toEqual(["", "", "", "", "", "", ""]);
    expect(table.rows[5]![0]).toBe("01/04/24");
  });

  it("refuses UTF-16 with a word on how to save the file", () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(hdfc.toString("utf8"), "utf16le")]);
    expect(refusal(utf16)).toBe(STATEMENT_FILE_ERRORS.utf16);
  });

  it("refuses a file over 2 MB, or over 20,000 rows", () => {
    expect(refusal(Buffer.alloc(MAX_STATEMENT_BYTES + 1, "a"))).toBe(STATEMENT_FILE_ERRORS.tooLarge);
    expect(STATEMENT_FILE_ERRORS.tooLarge).toContain("2 MB");
    const rows = `${hdfc.toString("utf8")}${",,,,,,\n".repeat(MAX_STATEMENT_ROWS)}`;
    expect(refusal(rows)).toBe(STATEMENT_FILE_ERRORS.tooManyRows);
    expect(STATEMENT_FILE_ERRORS.tooManyRows).toContain("20,000 rows");
  });

  it("refuses a file that is not CSV, saying near which line, quoting nothing of it", () => {
    const broken = 'Date,Narration,Deposit Amt.\n01/04/24,"UPI-ASHA RAO-409112345611,5000.00\n';
    expect(refusal(broken)).toBe(STATEMENT_FILE_ERRORS.notCsv(2));
  });

  it("names the file's line of a fault after the header row, past a preamble cell of two lines", () => {
    const broken = [
      '"TEST RIDERS CLUB',
      '12 MG ROAD",,',
      "Date,Narration,Deposit Amt.",
      "01/04/24,UPI-ASHA RAO-409112345611,5000.00",
      '01/04/24,"UPI-KIRAN-409112345612,5000.00',
    ].join("\n");
    expect(refusal(broken)).toBe(STATEMENT_FILE_ERRORS.notCsv(5));
  });

  it("gives the rows one parse of the whole file gives", () => {
    for (const bank of ["sbi", "hdfc", "icici", "kotak"]) {
      const whole = parse(fixture(`${bank}.csv`), { relax_column_count: true, relax_quotes: true });
      expect(readStatementCsv(fixture(`${bank}.csv`)).rows).toEqual(whole);
    }
  });

  it("refuses a file without a header row it can map", () => {
    expect(refusal("Account Name,TEST RIDERS CLUB\nDate,Details\n01/04/24,UPI\n")).toBe(STATEMENT_FILE_ERRORS.noHeader);
  });
});
