import { type ColumnMapping, headerKey } from "./statement";

// The statement page's column choices (docs/features/bank-statements.md, Screens): what the
// admin picks for each role among the file's headers, checked the same way in the browser's
// form and on the server, and turned into a ColumnMapping.

export const MAPPING_FIELDS = ["date", "amount", "credit", "debit", "direction", "reference", "narration"] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];

/** The choices as the form holds them: a header per field, '' for none. */
export type MappingChoices = Record<MappingField, string>;

export const MAPPING_LABELS: Record<MappingField, string> = {
  date: "Date",
  amount: "Amount",
  credit: "Credit (deposit)",
  debit: "Debit (withdrawal)",
  direction: "Cr/Dr",
  reference: "UTR or reference",
  narration: "Narration",
};

export const MAPPING_ERRORS = {
  date: "Choose the column that holds the date.",
  narration: "Choose the column that holds the narration.",
  amount: "Choose either an amount column or a credit column.",
  both: "Choose an amount column or a credit column, not both.",
  direction: "A Cr/Dr column goes with an amount column, not with credit and debit columns.",
  debit: "A debit column goes with a credit column, not with an amount column.",
  unknown: "Choose one of the file's columns.",
} as const;

/** The columns a file offers: its headers with a name, each once (of two of one name the first is read). */
export function headerChoices(headers: readonly string[]): string[] {
  const seen = new Set<string>();
  return headers.filter((header) => {
    const key = headerKey(header);
    if (key === "" || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The form's choices of a mapping, each named as this file spells it: a mapping remembered from
 * an earlier file of the same bank (same bankKey) may spell a header in another case.
 */
export function choicesOf(
  mapping: ColumnMapping | Partial<Record<MappingField, unknown>> | null,
  headers: readonly string[],
): MappingChoices {
  const offered = headerChoices(headers);
  const spelled = (header: unknown) =>
    typeof header === "string" ? (offered.find((choice) => headerKey(choice) === headerKey(header)) ?? "") : "";
  return Object.fromEntries(MAPPING_FIELDS.map((field) => [field, spelled(mapping?.[field])])) as MappingChoices;
}

export type MappingReading = { ok: true; mapping: ColumnMapping } | { ok: false; errors: Record<string, string> };

/**
 * The mapping the choices make, or the message of each field that breaks a rule: a date and a
 * narration; an amount (with its Cr/Dr, if any) or a credit (with its debit, if any); every
 * column one of the file's.
 */
export function mappingOf(choices: Partial<Record<MappingField, unknown>>, headers: readonly string[]): MappingReading {
  const offered = headerChoices(headers);
  const errors: Record<string, string> = {};
  const chosen = {} as MappingChoices;
  for (const field of MAPPING_FIELDS) {
    const value = choices[field];
    const header = typeof value === "string" ? value.trim() : "";
    if (header !== "" && !offered.includes(header)) errors[field] = MAPPING_ERRORS.unknown;
    chosen[field] = header;
  }
  if (!chosen.date) errors.date ??= MAPPING_ERRORS.date;
  if (!chosen.narration) errors.narration ??= MAPPING_ERRORS.narration;
  if (chosen.amount && chosen.credit) errors.amount ??= MAPPING_ERRORS.both;
  if (!chosen.amount && !chosen.credit) errors.amount ??= MAPPING_ERRORS.amount;
  if (chosen.direction && !chosen.amount) errors.direction ??= MAPPING_ERRORS.direction;
  if (chosen.debit && !chosen.credit) errors.debit ??= MAPPING_ERRORS.debit;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const columns = {
    date: chosen.date,
    narration: chosen.narration,
    ...(chosen.reference ? { reference: chosen.reference } : {}),
  };
  const mapping: ColumnMapping = chosen.credit
    ? { ...columns, credit: chosen.credit, ...(chosen.debit ? { debit: chosen.debit } : {}) }
    : { ...columns, amount: chosen.amount, ...(chosen.direction ? { direction: chosen.direction } : {}) };
  return { ok: true, mapping };
}
