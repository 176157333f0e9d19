import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import { formatDateRange } from "~/domain/dates";
import { balanceDueDate } from "~/domain/registration/balance";
import { duesOf } from "~/domain/registration/dues";
import { rideStartsAt } from "~/domain/ride-over";
import type { Ride } from "~/domain/ride";
import {
  DOCUMENT_TITLES,
  type DocumentBody,
  type DocumentReference,
  ISSUE_ORDER,
  type MoneyDocumentType,
  SERIES,
} from "~/features/money-documents/domain/document";
import { refundTaxOf, taxOf, type TaxSplit } from "~/features/money-documents/domain/gst";
import { documentCode, financialYearOf } from "~/features/money-documents/domain/numbering";
import { riderTaxOf } from "~/features/money-documents/domain/rider-tax";
import { taxTermsOf } from "~/features/money-documents/domain/ride-tax";
import { registrationSettingsOf } from "~/domain/registration/settings";
import type { DocumentSettings } from "~/features/money-documents/domain/settings";
import { stateLabel } from "~/features/money-documents/domain/states";
import type { Command } from "~/server/commands/command.server";
import type { BookingEntriesTable, MoneyDocumentsTable, RegistrationsTable } from "~/server/db/schema.server";
import { entryFromRow } from "~/server/registrations/ledger.server";
import { registrationStatusOf } from "~/server/registrations/rows.server";
import { rideFromRow } from "~/server/rides/ride-rows.server";
import { nextNumber } from "./counters.server";
import { readDocumentSettings } from "./settings.server";

// Issuing money documents (docs/features/money-documents.md), inside the command that wrote the
// ledger (ledger-hook.server.ts) or the hourly sweep's: for the payments and refunds the command
// decided, and a booking's tax invoice once due, what is not issued yet (issuing twice issues
// nothing). A document is never edited: a documented payment voided later
// gets a correction that names it. Imports no command runner (the commands import it).

type EntryRow = Selectable<BookingEntriesTable>;
type DocumentRow = Selectable<MoneyDocumentsTable>;

/** One booking as issuing reads it: its row, its ride, its ledger, its documents so far. */
type Booking = {
  row: Pick<Selectable<RegistrationsTable>, "id" | "ride_id" | "reference" | "status" | "data">;
  ride: Ride | null;
  entries: EntryRow[];
  documents: DocumentRow[];
};

/** A document to issue: its type, amount, the entry it documents and the document it corrects. */
type Draft = {
  booking: Booking;
  type: MoneyDocumentType;
  entry: EntryRow | null;
  amountPaise: number;
  corrects: DocumentRow | null;
};

const PAYMENT_TYPES: readonly MoneyDocumentType[] = ["payment-receipt", "receipt-voucher"];
const REFUND_TYPES: readonly MoneyDocumentType[] = ["refund-receipt", "refund-voucher"];

function readJson(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function bodyOf(row: Pick<DocumentRow, "body">): DocumentBody {
  return JSON.parse(row.body) as DocumentBody;
}

function riderName(booking: Booking): string {
  const name = readJson(booking.row.data).name;
  return typeof name === "string" ? name : "";
}

const METHOD_WORDS = { upi: "UPI", online: "Online", credit: "Credit" } as const;

function paymentWords(entry: EntryRow | null): string | null {
  if (!entry) return null;
  const method = METHOD_WORDS[entry.method as keyof typeof METHOD_WORDS] ?? "Recorded by the organisers";
  return entry.reference ? `${method}, reference ${entry.reference}` : method;
}

/** The place of supply (the rider's state, else the organiser's), whether it is the organiser's state, the rider's GSTIN. */
function supply(booking: Booking, settings: DocumentSettings) {
  const rider = riderTaxOf(readJson(booking.row.data));
  const place = rider.stateCode || settings.stateCode;
  return { place, intraState: place === settings.stateCode, riderGstin: rider.gstin || null };
}

/** The drafts a booking's ledger calls for now, in GST mode or not. */
function draftsOf(booking: Booking, settings: DocumentSettings, now: Date): Draft[] {
  const documented = (entry: EntryRow, types: readonly MoneyDocumentType[]) =>
    booking.documents.find(
      (document) => document.entry_id === entry.id && types.includes(document.type as MoneyDocumentType),
    );
  const drafts: Draft[] = [];
  // The entries this command decided (confirmed or voided): what was decided before money
  // documents existed stays as it was, never documented after the fact with today's date.
  const decidedNow = now.toISOString();
  for (const entry of booking.entries) {
    if (entry.kind !== "payment" && entry.kind !== "refund") continue;
    if (entry.decided_at !== decidedNow) continue;
    const types = entry.kind === "payment" ? PAYMENT_TYPES : REFUND_TYPES;
    const original = documented(entry, types);
    if (entry.state === "confirmed" && !original) {
      const type: MoneyDocumentType =
        entry.kind === "payment"
          ? settings.gstMode
            ? "receipt-voucher"
            : "payment-receipt"
          : settings.gstMode
            ? "refund-voucher"
            : "refund-receipt";
      drafts.push({ booking, type, entry, amountPaise: entry.amount_paise, corrects: null });
    }
    if (entry.state === "voided" && original && !documented(entry, ["correction"])) {
      drafts.push({ booking, type: "correction", entry, amountPaise: -original.amount_paise, corrects: original });
    }
  }
  if (settings.gstMode && !booking.documents.some((document) => document.type === "tax-invoice")) {
    const invoice = invoiceDraft(booking, now);
    if (invoice) drafts.push(invoice);
  }
  return drafts;
}

/**
 * A tax invoice (Rule 46) is due once the booking is paid in full, or once its ride has started
 * with money received: one per booking, for what it received (payments less refunds).
 */
function invoiceDraft(booking: Booking, now: Date): Draft | null {
  if (!booking.ride) return null;
  const status = registrationStatusOf(booking.row.status);
  const dues = duesOf(booking.entries.map(entryFromRow), { status, balanceDueDate: balanceDueDate(booking.ride) }, now);
  if (dues.receivedPaise <= 0) return null;
  const paidInFull = status === "confirmed" && dues.owedPaise > 0 && dues.settled;
  const started = rideStartsAt(booking.ride.startDate);
  if (!paidInFull && !(started && started <= now)) return null;
  return { booking, type: "tax-invoice", entry: null, amountPaise: dues.receivedPaise, corrects: null };
}

/** The receipt vouchers a refund gives back of: the payment it returns, else every one of the booking. */
function vouchersReturned(booking: Booking, entry: EntryRow): DocumentRow[] {
  const vouchers = booking.documents.filter((document) => document.type === "receipt-voucher");
  const returned = entry.returns_entry_id
    ? vouchers.filter((document) => document.entry_id === entry.returns_entry_id)
    : [];
  return returned.length > 0 ? returned : vouchers;
}

function referenceOf(document: DocumentRow): DocumentReference {
  return {
    code: document.code,
    type: document.type as MoneyDocumentType,
    issuedAt: document.issued_at,
    amountPaise: document.amount_paise,
  };
}

function negated(tax: TaxSplit): TaxSplit {
  return {
    ...tax,
    amountPaise: -tax.amountPaise,
    taxablePaise: -tax.taxablePaise,
    cgstPaise: -tax.cgstPaise,
    sgstPaise: -tax.sgstPaise,
    igstPaise: -tax.igstPaise,
  };
}

/** What the document prints, with its number. */
function bodyFor(draft: Draft, code: string, settings: DocumentSettings, now: Date): DocumentBody {
  const { booking, type, entry, amountPaise } = draft;
  const gst = settings.gstMode ? supply(booking, settings) : null;
  const rideTitle = booking.ride?.title ?? "a ride";
  const rideDates = booking.ride ? formatDateRange(booking.ride.startDate, booking.ride.endDate) : "";
  const part = entry?.part === "booking" ? "booking amount" : entry?.part === "balance" ? "balance" : "trip";
  const terms = taxTermsOf(booking.ride ? registrationSettingsOf(booking.ride) : null, settings);
  let tax: TaxSplit | null = null;
  let references: DocumentReference[] = [];
  let description: string;
  let note = "";
  switch (type) {
    case "payment-receipt":
      description = `Payment of the ${part} of booking ${booking.row.reference}: ${rideTitle}`;
      break;
    case "refund-receipt":
      description = `Refund on booking ${booking.row.reference}: ${rideTitle}`;
      break;
    case "receipt-voucher":
      description = `Advance for tour operator services (${part}), booking ${booking.row.reference}: ${rideTitle}`;
      tax = taxOf(amountPaise, terms.rateBasisPoints, gst!.intraState);
      note =
        "Receipt voucher for an advance (CGST Rules, rule 50). The tax invoice follows when the ride starts or the booking is paid in full.";
      break;
    case "refund-voucher": {
      const vouchers = vouchersReturned(booking, entry!);
      references = vouchers.map(referenceOf);
      const of = vouchers.reduce(
        (sum, document) => {
          const voucherTax = bodyOf(document).tax;
          return {
            amountPaise: sum.amountPaise + document.amount_paise,
            taxablePaise: sum.taxablePaise + (voucherTax?.taxablePaise ?? document.amount_paise),
          };
        },
        { amountPaise: 0, taxablePaise: 0 },
      );
      description = `Refund of advance on booking ${booking.row.reference}: ${rideTitle}`;
      tax = refundTaxOf(amountPaise, of, terms.rateBasisPoints, gst!.intraState);
      note = "Refund voucher (CGST Rules, rule 51) for the advance received on the receipt vouchers named below.";
      break;
    }
    case "tax-invoice": {
      references = booking.documents.filter((document) => document.type === "receipt-voucher").map(referenceOf);
      description = `Tour operator services: ${rideTitle}${rideDates ? `, ${rideDates}` : ""} (booking ${booking.row.reference})`;
      tax = taxOf(amountPaise, terms.rateBasisPoints, gst!.intraState);
      note = references.length > 0 ? "Tax on the advances was shown on the receipt vouchers named below." : "";
      break;
    }
    case "correction": {
      const original = bodyOf(draft.corrects!);
      references = [referenceOf(draft.corrects!)];
      description = `Cancels ${draft.corrects!.code}: the ${entry?.kind ?? "payment"} it documents was marked as not received`;
      tax = original.tax ? negated(original.tax) : null;
      note = "A document once issued is never edited: this correction takes the one named below back.";
      break;
    }
  }
  return {
    type,
    title: DOCUMENT_TITLES[type],
    code,
    issuedAt: now.toISOString(),
    organiser: {
      name: settings.legalName,
      address: settings.address,
      gstin: gst ? settings.gstin : null,
      stateCode: gst ? settings.stateCode : null,
    },
    rider: { name: riderName(booking), gstin: gst ? gst.riderGstin : null },
    booking: { reference: booking.row.reference, ride: rideTitle, rideDates },
    placeOfSupply: gst ? stateLabel(gst!.place) : null,
    sac: gst ? terms.sac : null,
    lines: [{ description, amountPaise }],
    payment: type === "tax-invoice" || type === "correction" ? null : paymentWords(entry),
    tax,
    totalPaise: amountPaise,
    references,
    note,
  };
}

async function readBookings(command: Command, registrationIds: readonly string[]): Promise<Booking[]> {
  const { trx } = command;
  const rows = await trx
    .selectFrom("registrations")
    .select(["id", "ride_id", "reference", "status", "data"])
    .where("id", "in", registrationIds)
    .execute();
  if (rows.length === 0) return [];
  const rideIds = [...new Set(rows.map((row) => row.ride_id))];
  const [rides, entries, documents] = await Promise.all([
    trx.selectFrom("rides").selectAll().where("id", "in", rideIds).execute(),
    trx
      .selectFrom("booking_entries")
      .selectAll()
      .where("registration_id", "in", registrationIds)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    trx
      .selectFrom("money_documents")
      .selectAll()
      .where("registration_id", "in", registrationIds)
      .orderBy("issued_at")
      .orderBy("number")
      .execute(),
  ]);
  const rideById = new Map(rides.map((ride) => [ride.id, rideFromRow(ride)]));
  return rows
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((row) => ({
      row,
      ride: rideById.get(row.ride_id) ?? null,
      entries: entries.filter((entry) => entry.registration_id === row.id),
      documents: documents.filter((document) => document.registration_id === row.id),
    }));
}

/**
 * Issues what these bookings' ledgers call for and lack, numbered in this command's transaction.
 * Returns the documents issued.
 */
export async function issueMissingDocuments(
  command: Command,
  registrationIds: readonly string[],
): Promise<DocumentRow[]> {
  if (registrationIds.length === 0) return [];
  const settings = await readDocumentSettings(command.trx);
  const bookings = await readBookings(command, registrationIds);
  const issued: DocumentRow[] = [];
  const financialYear = financialYearOf(command.now);
  // Type by type, the same order in every command: each type takes its series' counter row and
  // keeps it locked to the end, so two commands lock counters in one order, never crossed.
  for (const type of ISSUE_ORDER) {
    for (const booking of bookings) {
      for (const draft of draftsOf(booking, settings, command.now).filter((one) => one.type === type)) {
        const series = SERIES[type];
        const number = await nextNumber(command.trx, series, financialYear);
        const code = documentCode(series, financialYear, number);
        const row: DocumentRow = {
          id: randomUUID(),
          registration_id: booking.row.id,
          ride_id: booking.row.ride_id,
          entry_id: draft.entry?.id ?? null,
          type,
          series,
          financial_year: financialYear,
          number,
          code,
          issued_at: command.now.toISOString(),
          amount_paise: draft.amountPaise,
          body: JSON.stringify(bodyFor(draft, code, settings, command.now)),
          corrects_document_id: draft.corrects?.id ?? null,
        };
        await command.trx.insertInto("money_documents").values(row).execute();
        booking.documents.push(row);
        issued.push(row);
      }
    }
  }
  return issued;
}
