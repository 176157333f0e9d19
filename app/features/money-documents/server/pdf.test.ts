import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { DocumentBody } from "~/features/money-documents/domain/document";
import { taxOf } from "~/features/money-documents/domain/gst";
import { documentPdf } from "./pdf.server";

// A money document's PDF read back: its text is text (selectable), the ₹ sign included.

async function textOf(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

const VOUCHER: DocumentBody = {
  type: "receipt-voucher",
  title: "Receipt voucher",
  code: "RV2627-000042",
  issuedAt: "2027-01-15T06:00:00.000Z",
  organiser: {
    name: "Roadbook Tours LLP",
    address: "12 MG Road, Pune 411001",
    gstin: "27AAPFU0939F1ZV",
    stateCode: "27",
  },
  rider: { name: "Asha Rao", gstin: null },
  booking: { reference: "RB-7K3Q", ride: "Spiti Valley Circuit", rideDates: "10th - 18th June 2027" },
  placeOfSupply: "27 Maharashtra",
  sac: "998555",
  lines: [{ description: "Advance for tour operator services (booking amount)", amountPaise: 12_345_678 }],
  payment: "UPI, reference 412345678901",
  tax: taxOf(12_345_678, 500, true),
  totalPaise: 12_345_678,
  references: [],
  note: "Receipt voucher for an advance (CGST Rules, rule 50).",
};

describe("a money document's PDF", () => {
  it("prints the title, number, parties, place of supply, SAC and the amounts in Indian grouping", async () => {
    const pdf = await documentPdf(VOUCHER);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await textOf(pdf);
    for (const printed of [
      "Receipt voucher",
      "RV2627-000042",
      "15 Jan 2027, 11:30 IST",
      "Roadbook Tours LLP",
      "GSTIN: 27AAPFU0939F1ZV",
      "Asha Rao",
      "Booking RB-7K3Q",
      "Place of supply: 27 Maharashtra",
      "SAC: 998555",
      "₹1,23,456.78",
      // 1,23,456.78 × 100/105 = 1,17,577.89; tax 5,878.89 → CGST 2,939.45, SGST 2,939.44.
      "₹1,17,577.89",
      "CGST at 2.5%",
      "₹2,939.45",
      "SGST at 2.5%",
      "₹2,939.44",
      "UPI, reference 412345678901",
    ]) {
      expect(text).toContain(printed);
    }
  });

  it("prints IGST between states and a correction's references", async () => {
    const correction: DocumentBody = {
      ...VOUCHER,
      type: "correction",
      title: "Correction",
      code: "CN2627-000001",
      tax: { ...taxOf(1_050_000, 500, false) },
      totalPaise: -1_050_000,
      lines: [{ description: "Cancels RV2627-000042", amountPaise: -1_050_000 }],
      references: [
        { code: "RV2627-000042", type: "receipt-voucher", issuedAt: VOUCHER.issuedAt, amountPaise: 1_050_000 },
      ],
    };
    const text = await textOf(await documentPdf(correction));
    expect(text).toContain("IGST at 5%");
    expect(text).toContain("₹500.00");
    expect(text).toContain("−₹10,500.00");
    expect(text).toContain("Receipt voucher RV2627-000042");
  });
});
