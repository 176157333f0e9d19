/**
 * `npm run bench:statement`: a month's bank statement matched to a ride season's bookings.
 * 5,000 statement lines against 1,000 bookings (each owing a booking amount and a balance),
 * made up from a fixed seed in HDFC's layout, as one CSV file:
 *   - 1,750 payments of 1,900 parts: bookings 0–499 pay the booking amount and the balance with
 *     the reference in the note, 500–649 both at once, 650–699 the booking amount alone; 700–949
 *     pay both parts by the UTRs the riders gave, 950–999 the booking amount alone;
 *   - 3,250 lines that pay no booking: UPI debits, NEFT credits, UPI credits from strangers.
 * Timed, median of RUNS runs (default 7) after a warm-up: reading the CSV (readStatementCsv),
 * readLines and matchStatement, each and together; as references in the same run, csv-parse
 * alone over the same file, in one parse and over its table alone; the ratios. Goal: the
 * whole under one second. Every run must read every UPI credit and match exactly the parts paid
 * (a payment of both parts is two matches).
 *
 *   npm run bench:statement [-- --runs 7 --seed 20240401]
 */
import { seeded } from "../tests/support/gpx";
import { parseArgs } from "node:util";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { matchStatement, type ExpectedPayment, type PaymentPart } from "../app/domain/payments/match-statement.ts";
import { guessMapping, readLines } from "../app/domain/payments/statement.ts";
import { REFERENCE_ALPHABET } from "../app/domain/registration/payment.ts";
import { readStatementCsv } from "../app/server/payments/statement-csv.server.ts";
import { hdfcRows, type MadeUpLine } from "../tests/support/bank-statements.ts";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "7" }, seed: { type: "string", default: "20240401" } },
});
const RUNS = Number(values.runs);
const BOOKINGS = 1_000;
const LINES = 5_000;
const GOAL_MS = 1_000;

const random = seeded(Number(values.seed));
const below = (n: number) => Math.floor(random() * n);
const rupees = (from: number, to: number) => (from + below(to - from + 1)) * 100;

function uniques(count: number, make: () => string): string[] {
  const made = new Set<string>();
  while (made.size < count) made.add(make());
  return [...made];
}
const codes = uniques(BOOKINGS, () => Array.from({ length: 4 }, () => REFERENCE_ALPHABET[below(31)]).join(""));
const utrs = uniques(LINES + BOOKINGS, () => String(100_000_000_000 + below(900_000_000_000))).values();

const expected: ExpectedPayment[] = [];
const lines: MadeUpLine[] = [];
let partPayments = 0;
const pay = (parts: ExpectedPayment[], byClaim: boolean) => {
  const utr = utrs.next().value!;
  if (byClaim) parts[0]!.claimedUtr = utr;
  const amountPaise = parts.reduce((sum, part) => sum + part.amountPaise, 0);
  lines.push({
    kind: "upi-credit",
    day: 1 + below(30),
    utr,
    note: byClaim ? "Ride" : parts[0]!.reference,
    amountPaise,
  });
  partPayments += parts.length;
};
for (const [index, code] of codes.entries()) {
  const part = (name: PaymentPart, amountPaise: number): ExpectedPayment => ({
    registrationId: `r${index}`,
    reference: `RB-${code}`,
    part: name,
    amountPaise,
    claimedUtr: null,
  });
  const booking = part("booking", [3_000, 5_000, 10_000][index % 3]! * 100);
  const balance = part("balance", rupees(15_000, 40_000));
  expected.push(booking, balance);
  if (index >= 500 && index < 650) pay([booking, balance], false);
  else {
    pay([booking], index >= 700);
    if (index < 500 || (index >= 700 && index < 950)) pay([balance], index >= 700);
  }
}
const stranger = ["upi-debit", "neft-credit", "upi-credit"] as const;
while (lines.length < LINES) {
  const kind = stranger[lines.length % 3]!;
  lines.push({ kind, day: 1 + below(30), utr: utrs.next().value!, note: "dinner", amountPaise: rupees(100, 50_000) });
}
// The payments, shuffled among the rest, as days of a month mix them.
for (let i = lines.length - 1; i > 0; i--) {
  const j = below(i + 1);
  [lines[i], lines[j]] = [lines[j]!, lines[i]!];
}
const file = Buffer.from(stringify(hdfcRows(lines)));
const upiCredits = lines.filter((line) => line.kind === "upi-credit").length;

/** One upload's work, timed by stage: the CSV read, readLines, matchStatement. */
function matchFile(): [number, number, number] {
  const start = performance.now();
  const table = readStatementCsv(file);
  const read = performance.now();
  const reading = readLines(table.rows, guessMapping(table.headers)!);
  const lined = performance.now();
  const { matches } = matchStatement(reading.lines, expected, new Set());
  const matched = performance.now();
  if (reading.errors.length > 0 || reading.lines.length !== upiCredits) {
    throw new Error(`read ${reading.lines.length} of ${upiCredits} UPI credits, and ${reading.errors.length} errors`);
  }
  if (matches.length !== partPayments) throw new Error(`matched ${matches.length} of ${partPayments} part payments`);
  return [read - start, lined - read, matched - lined];
}

// The references: csv-parse alone over the same file, in one parse as a plain reader would
// (relaxed, or the preamble's short rows stop it), and over its table alone, from the header on
// (what reading the file cannot go below).
const text = file.toString("utf8");
const tableText = text.slice(text.indexOf("Date,Narration"));
const RELAXED = { relax_column_count: true, relax_quotes: true };
const parseWhole = () => parse(text, RELAXED).length;
const parseTable = () => parse(tableText, RELAXED).length;

const median = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const timed = (work: () => unknown) => {
  const start = performance.now();
  work();
  return performance.now() - start;
};

// A warm-up, then the three in turn, so a busy moment of a shared machine falls on each alike.
matchFile();
parseWhole();
parseTable();
const stages: [number, number, number][] = [];
const whole: number[] = [];
const table: number[] = [];
for (let run = 0; run < RUNS; run++) {
  stages.push(matchFile());
  whole.push(timed(parseWhole));
  table.push(timed(parseTable));
}
const stageMs = (stage: 0 | 1 | 2) => median(stages.map((times) => times[stage]));
const [csvMs, linesMs, matchMs] = [stageMs(0), stageMs(1), stageMs(2)];
const wholeMs = median(stages.map((times) => times[0] + times[1] + times[2]));
const parseWholeMs = median(whole);
const parseTableMs = median(table);

const row = (label: string, ms: number, note = "") =>
  console.log(`${label.padEnd(46)}${ms.toFixed(1).padStart(8)} ms${note}`);
console.log(`\nbench:statement — ${LINES.toLocaleString("en-US")} lines (${(file.byteLength / 1024).toFixed(0)} KB) against \
${BOOKINGS.toLocaleString("en-US")} bookings, median of ${RUNS} runs (Node ${process.version})\n`);
row("readStatementCsv (csv-parse, header found)", csvMs);
row("readLines", linesMs);
row("matchStatement", matchMs);
row("the whole upload", wholeMs);
row(
  "reference: csv-parse, the file in one parse",
  parseWholeMs,
  `   (whole upload ${(wholeMs / parseWholeMs).toFixed(2)}×)`,
);
row("reference: csv-parse, its table alone", parseTableMs, `   (whole upload ${(wholeMs / parseTableMs).toFixed(2)}×)`);
console.log(
  `\nread ${upiCredits.toLocaleString("en-US")} UPI credits and matched ${partPayments.toLocaleString("en-US")} part payments in every run`,
);
console.log(
  wholeMs < GOAL_MS
    ? `✔ a ${LINES.toLocaleString("en-US")}-line statement matched in under ${GOAL_MS} ms`
    : `✖ a ${LINES.toLocaleString("en-US")}-line statement took ${wholeMs.toFixed(0)} ms (goal < ${GOAL_MS} ms)`,
);
if (wholeMs >= GOAL_MS) process.exitCode = 1;
