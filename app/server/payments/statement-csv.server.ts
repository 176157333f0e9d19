import { CsvError, parse } from "csv-parse/sync";
import { guessMapping } from "~/domain/payments/statement";
import { refuse } from "../validation/errors.server";

// An uploaded bank statement read as CSV (docs/features/bank-statements.md): the rows as the
// file has them, for readLines, and where its header row is. UTF-8, with or without a byte order
// mark, is read; UTF-16 is refused with a word on how to save the file again.

export const MAX_STATEMENT_BYTES = 2 * 1024 * 1024;
export const MAX_STATEMENT_ROWS = 20_000;
/** Banks put a few rows of account details above the header; this many rows are searched for it. */
export const HEADER_SEARCH_ROWS = 50;
/** The upload form's file field, on which a refusal is shown. */
export const STATEMENT_FIELD = "statement";

export const STATEMENT_FILE_ERRORS = {
  tooLarge: `The statement is larger than ${MAX_STATEMENT_BYTES / 1024 / 1024} MB. Export a shorter period.`,
  tooManyRows: `The statement has more than ${MAX_STATEMENT_ROWS.toLocaleString("en-IN")} rows. Export a shorter period.`,
  utf16: "The statement is saved as UTF-16 text. Save it as CSV UTF-8 and upload it again.",
  notCsv: (line: number | null) =>
    `The statement cannot be read as CSV${line === null ? "" : ` (near line ${line})`}. Export it from the bank again.`,
  noHeader: `No header row naming the date, the narration and the amount was found in the first ${HEADER_SEARCH_ROWS} rows.`,
};

export type StatementTable = {
  /** The header row's cells, trimmed. */
  headers: string[];
  /** Every row of the file, preamble and header included, as readLines takes them. */
  rows: string[][];
  /** The header row's number in the file, from 1: `rows[headerRow - 1]` is it. */
  headerRow: number;
};

/**
 * Reads an uploaded statement: refuses (ValidationError on STATEMENT_FIELD) a file over
 * MAX_STATEMENT_BYTES or MAX_STATEMENT_ROWS rows, one that is not CSV, or one without a row
 * guessMapping can map among its first HEADER_SEARCH_ROWS.
 */
export function readStatementCsv(file: Buffer | string): StatementTable {
  const bytes = typeof file === "string" ? Buffer.byteLength(file) : file.byteLength;
  if (bytes > MAX_STATEMENT_BYTES) refuse(STATEMENT_FILE_ERRORS.tooLarge, STATEMENT_FIELD);
  if (typeof file !== "string" && isUtf16(file)) refuse(STATEMENT_FILE_ERRORS.utf16, STATEMENT_FIELD);
  // A byte that is not UTF-8 (a narration saved in Windows-1252) becomes U+FFFD rather than
  // refusing the file: dates, amounts, UTRs and references are ASCII and read the same. The BOM
  // goes here, not in csv-parse, so the byte offsets it reports are offsets into `data`.
  const text = typeof file === "string" ? file.replace(/^\uFEFF/, "") : new TextDecoder().decode(file);
  const data = Buffer.from(text);
  // csv-parse's types know records only as arrays, not as `info` gives them.
  const head = parseCsv(
    0,
    () => parse(data, { ...OPTIONS, to: HEADER_SEARCH_ROWS, info: true }) as unknown as Located[],
  );
  const index = head.findIndex(({ record }) => guessMapping(record) !== null);
  if (index === -1) refuse(STATEMENT_FILE_ERRORS.noHeader, STATEMENT_FIELD);
  // The table is parsed again from its header on. csv-parse builds an error, stack trace and
  // all, for each record whose length is not the first record's, and drops it when relaxed: a
  // one-cell preamble row before a 7-column table made that every line, and the parse 5× slower.
  const before = head[index - 1]?.info;
  const table = parseCsv((before?.lines ?? 1) - 1, () => parse(data.subarray(before?.bytes ?? 0), OPTIONS));
  const rows = [...head.slice(0, index).map(({ record }) => record), ...table];
  if (rows.length > MAX_STATEMENT_ROWS) refuse(STATEMENT_FILE_ERRORS.tooManyRows, STATEMENT_FIELD);
  return { headers: table[0]!.map((cell) => cell.trim()), rows, headerRow: index + 1 };
}

const OPTIONS = {
  // Preamble and summary rows have fewer cells than the lines; a narration may hold a stray
  // quote ('SHARMA "RAJ"'). Empty rows stay, so a row's index is its number in the file.
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: false,
};

/** A record as csv-parse gives it with `info`: where the next record starts, in bytes and lines. */
type Located = { record: string[]; info: { bytes: number; lines: number } };

/** csv-parse's answer, or a refusal naming the file's line (`linesBefore` the part parsed). */
function parseCsv<T>(linesBefore: number, run: () => T): T {
  try {
    return run();
  } catch (error) {
    // csv-parse's own message may quote a cell; only the line number is passed on.
    if (error instanceof CsvError) {
      const line = typeof error.lines === "number" ? linesBefore + error.lines : null;
      refuse(STATEMENT_FILE_ERRORS.notCsv(line), STATEMENT_FIELD);
    }
    throw error;
  }
}

/** A UTF-16 byte order mark, as Excel's "Unicode text" and some banks' exports begin. */
function isUtf16(file: Buffer): boolean {
  return (file[0] === 0xff && file[1] === 0xfe) || (file[0] === 0xfe && file[1] === 0xff);
}
