import { data } from "react-router";
import { guessMapping } from "~/domain/payments/statement";
import { choicesOf, headerChoices, type MappingChoices, mappingOf } from "~/domain/payments/statement-mapping";
import type { ConfirmOutcome } from "~/domain/payments/statement-outcome";
import { readAdminForm } from "~/server/admin/read-form.server";
import type { AdminActionContext } from "~/server/admin/respond.server";
import { serverClock } from "~/server/clock.server";
import { dispatchFormIntent } from "~/server/http/form-intent.server";
import {
  MAX_STATEMENT_BYTES,
  readStatementCsv,
  STATEMENT_FIELD,
  STATEMENT_FILE_ERRORS,
} from "~/server/payments/statement-csv.server";
import { rememberedMapping, rememberMapping } from "~/server/payments/statement-mappings.server";
import type { StatementReview } from "~/domain/payments/statement-review";
import { confirmSeenMatches, reviewStatement } from "~/server/payments/statement-review.server";
import { refuse, ValidationError } from "~/server/validation/errors.server";

// The bank statement page's three posts (docs/features/bank-statements.md, Screens): the file
// uploaded, its columns confirmed, its matches confirmed. Nothing is stored between them: each
// answer carries the file's text, which the next form posts back in a hidden field. That keeps
// the instances stateless (any of them may take the next post) and leaves no copy of a payer's
// narration anywhere once the page is closed; the 2 MB limit bounds what travels.

/** The file posted back as text: its 2 MB, room for the browser's CRLF line ends, the columns and the matches' keys. */
const STATEMENT_FORM_BYTES = MAX_STATEMENT_BYTES + 1024 * 1024;

export const STATEMENT_PAGE_ERRORS = {
  noFile: "Choose the bank statement's CSV file to upload.",
  unknownIntent: "This request could not be understood. Nothing was changed.",
  nothingChosen: "No matches were confirmed: there were none to record.",
} as const;

/** The columns step: the file's columns and the admin's choices, pre-filled. */
export type MappingStep = {
  step: "mapping";
  ok: boolean;
  message: string;
  csv: string;
  headers: string[];
  choices: MappingChoices;
  /** The choices are the ones remembered for this bank, not a guess. */
  remembered: boolean;
  errors?: Record<string, string>;
};

/** The result step: the matches, mismatches and payments still owed; after a press, what it recorded. */
export type ResultStep = {
  step: "result";
  ok: true;
  message: string;
  csv: string;
  choices: MappingChoices;
  review: StatementReview;
  outcome?: ConfirmOutcome;
};

/** Back at the upload, with why. */
export type UploadStep = { step: "upload"; ok: false; message: string };

export type StatementStep = UploadStep | MappingStep | ResultStep;

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The file's text as posted back: the browser sends its line ends as CRLF, the file may have had LF. */
function postedCsv(form: FormData): string {
  return field(form, "csv").replaceAll("\r\n", "\n");
}

function choicesFrom(form: FormData): Record<string, string> {
  return Object.fromEntries(
    ["date", "amount", "credit", "debit", "direction", "reference", "narration"].map((name) => [
      name,
      field(form, name),
    ]),
  );
}

function answer<Step extends StatementStep>(step: Step, status = step.ok ? 200 : 400) {
  return data<StatementStep>(step, { status });
}

function payments(count: number): string {
  return `${count} ${count === 1 ? "payment" : "payments"}`;
}

/** Runs the post its `intent` names; a refusal (a file that cannot be read, columns that do not fit) writes nothing. */
export async function statementAction(request: Request, { services, actor }: AdminActionContext) {
  const { db } = services;
  const read = await readAdminForm(request, STATEMENT_FORM_BYTES);
  if (!read.ok) {
    const message = read.status === 413 ? STATEMENT_FILE_ERRORS.tooLarge : read.message;
    return answer({ step: "upload", ok: false, message }, read.status);
  }
  const { form } = read;
  try {
    return await dispatchFormIntent<ReturnType<typeof answer>>(
      field(form, "intent"),
      {
        upload: async () => {
          const file = form.get(STATEMENT_FIELD);
          if (!(file instanceof File) || file.size === 0) refuse(STATEMENT_PAGE_ERRORS.noFile, STATEMENT_FIELD);
          const bytes = Buffer.from(await file.arrayBuffer());
          const table = readStatementCsv(bytes);
          const remembered = await rememberedMapping(db, table.headers);
          return answer({
            step: "mapping",
            ok: true,
            message: `Read ${file.name}: check which column holds what.`,
            // TextDecoder drops a byte order mark, as readStatementCsv does.
            csv: new TextDecoder().decode(bytes),
            headers: headerChoices(table.headers),
            choices: choicesOf(remembered ?? guessMapping(table.headers), table.headers),
            remembered: remembered !== null,
          });
        },
        match: async () => {
          const csv = postedCsv(form);
          const table = readStatementCsv(csv);
          const choices = choicesFrom(form);
          const mapping = mappingOf(choices, table.headers);
          if (!mapping.ok) {
            return answer({
              step: "mapping",
              ok: false,
              message: "Check the columns chosen.",
              csv,
              headers: headerChoices(table.headers),
              choices: choicesOf(choices, table.headers),
              remembered: false,
              errors: mapping.errors,
            });
          }
          await rememberMapping(db, table.headers, mapping.mapping);
          const review = await reviewStatement(db, table, mapping.mapping, serverClock());
          const message = `${review.matches.length} ${review.matches.length === 1 ? "match" : "matches"} found.`;
          return answer({
            step: "result",
            ok: true,
            message,
            csv,
            choices: choicesOf(mapping.mapping, table.headers),
            review,
          });
        },
        confirm: async () => {
          const csv = postedCsv(form);
          const table = readStatementCsv(csv);
          const mapping = mappingOf(choicesFrom(form), table.headers);
          if (!mapping.ok) return refuse(Object.values(mapping.errors)[0]!);
          const keys = new Set(form.getAll("match").filter((key): key is string => typeof key === "string"));
          if (keys.size === 0) refuse(STATEMENT_PAGE_ERRORS.nothingChosen);
          const now = serverClock();
          const outcome = await confirmSeenMatches(db, table, mapping.mapping, keys, actor, now);
          const review = await reviewStatement(db, table, mapping.mapping, now);
          const skipped = outcome.skipped.length > 0 ? `; ${outcome.skipped.length} passed over (see below)` : "";
          return answer({
            step: "result",
            ok: true,
            message: `Recorded ${payments(outcome.recorded)} as received${skipped}.`,
            csv,
            choices: choicesOf(mapping.mapping, table.headers),
            review,
            outcome,
          });
        },
      },
      () => answer({ step: "upload", ok: false, message: STATEMENT_PAGE_ERRORS.unknownIntent }),
    );
  } catch (error) {
    if (error instanceof ValidationError) return answer({ step: "upload", ok: false, message: error.message });
    throw error;
  }
}
