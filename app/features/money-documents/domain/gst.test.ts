import { describe, expect, it } from "vitest";
import { formatRate, refundTaxOf, taxOf } from "./gst";
import { gstinCheckCharacter, gstinProblem } from "./gstin";
import { formatDocumentAmount, formatPlainAmount } from "./money";
import { documentCode, financialYearOf } from "./numbering";
import { readRiderTax } from "./rider-tax";
import { readSettingsForm } from "./settings";

describe("GST in a GST-inclusive amount", () => {
  it("splits ₹10,500 at 5 % within one state into ₹10,000 taxable and ₹250 CGST + ₹250 SGST", () => {
    expect(taxOf(1_050_000, 500, true)).toEqual({
      amountPaise: 1_050_000,
      taxablePaise: 1_000_000,
      cgstPaise: 25_000,
      sgstPaise: 25_000,
      igstPaise: 0,
      rateBasisPoints: 500,
      intraState: true,
    });
  });

  it("charges IGST alone between states", () => {
    const tax = taxOf(1_050_000, 500, false);
    expect([tax.taxablePaise, tax.cgstPaise, tax.sgstPaise, tax.igstPaise]).toEqual([1_000_000, 0, 0, 50_000]);
  });

  it("rounds the taxable value half up to the paisa; taxable + tax is the amount exactly", () => {
    // ₹10,000 × 100 / 105 = 9523.8095… → ₹9,523.81; tax ₹476.19.
    const tax = taxOf(1_000_000, 500, false);
    expect(tax.taxablePaise).toBe(952_381);
    expect(tax.igstPaise).toBe(47_619);
    // 1 paisa: 0.952… rounds to 1; no tax.
    expect(taxOf(1, 500, true)).toMatchObject({ taxablePaise: 1, cgstPaise: 0, sgstPaise: 0 });
    // 21 paise: 20 taxable, 1 paisa of tax.
    expect(taxOf(21, 500, true)).toMatchObject({ taxablePaise: 20, cgstPaise: 1, sgstPaise: 0 });
    for (let amount = 0; amount < 5000; amount += 7) {
      const split = taxOf(amount, 500, true);
      expect(split.taxablePaise + split.cgstPaise + split.sgstPaise).toBe(amount);
    }
  });

  it("gives CGST the odd paisa of a tax: CGST + SGST is the tax, each its half rounded to the paisa", () => {
    // ₹10,000 at 5 %: tax ₹476.19 = 47,619 paise → CGST 23,810, SGST 23,809.
    expect(taxOf(1_000_000, 500, true)).toMatchObject({ cgstPaise: 23_810, sgstPaise: 23_809 });
  });

  it("works at other rates", () => {
    expect(taxOf(1_180_000, 1800, false)).toMatchObject({ taxablePaise: 1_000_000, igstPaise: 180_000 });
    expect(formatRate(500)).toBe("5%");
    expect(formatRate(250)).toBe("2.5%");
  });

  it("refuses an amount that is not whole paise", () => {
    expect(() => taxOf(10.5, 500, true)).toThrow(RangeError);
    expect(() => taxOf(-1, 500, true)).toThrow(RangeError);
  });
});

describe("a refund voucher", () => {
  const voucher = taxOf(1_000_000, 500, true);

  it("matches its receipt voucher exactly when it returns the whole advance", () => {
    const refund = refundTaxOf(1_000_000, voucher, 500, true);
    expect(refund).toEqual(voucher);
  });

  it("returns a part of the advance in proportion", () => {
    const refund = refundTaxOf(250_000, voucher, 500, true);
    // A quarter of 9,52,381 paise = 2,38,095.25 → 2,38,095.
    expect(refund.taxablePaise).toBe(238_095);
    expect(refund.cgstPaise + refund.sgstPaise).toBe(250_000 - 238_095);
  });

  it("adds up with the rest of the advance returned later to the voucher's figures, to the paisa", () => {
    const first = refundTaxOf(333_333, voucher, 500, true);
    const rest = refundTaxOf(1_000_000 - 333_333, voucher, 500, true);
    expect(Math.abs(first.taxablePaise + rest.taxablePaise - voucher.taxablePaise)).toBeLessThanOrEqual(1);
  });
});

describe("amounts in Indian grouping", () => {
  it("groups lakhs and crores, always with paise", () => {
    expect(formatDocumentAmount(12_345_678)).toBe("₹1,23,456.78");
    expect(formatDocumentAmount(1_000_000_000)).toBe("₹1,00,00,000.00");
    expect(formatDocumentAmount(50)).toBe("₹0.50");
    expect(formatDocumentAmount(-1_000_000)).toBe("−₹10,000.00");
    expect(formatPlainAmount(12_345_678)).toBe("123456.78");
    expect(formatPlainAmount(-5)).toBe("-0.05");
  });
});

describe("numbering", () => {
  it("reads India's financial year, April to March in India's time", () => {
    expect(financialYearOf(new Date("2026-04-01T00:00:00+05:30"))).toBe("2026-27");
    // 31 March 2027, 23:59 in India, is still 2026-27; 18:30 UTC that day is 1 April in India.
    expect(financialYearOf(new Date("2027-03-31T18:29:00Z"))).toBe("2026-27");
    expect(financialYearOf(new Date("2027-03-31T18:30:00Z"))).toBe("2027-28");
    expect(financialYearOf(new Date("2099-12-01T00:00:00Z"))).toBe("2099-00");
  });

  it("prints series, year and number in at most 16 characters", () => {
    expect(documentCode("RV", "2026-27", 42)).toBe("RV2627-000042");
    expect(documentCode("RFV", "2026-27", 999_999)).toHaveLength(14);
    expect(() => documentCode("TOOLONG", "2026-27", 1_000_000)).toThrow(RangeError);
  });
});

describe("a GSTIN", () => {
  it("checks the shape and the check character", () => {
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
    expect(gstinProblem("27AAPFU0939F1ZV")).toBeNull();
    expect(gstinProblem("27AAPFU0939F1ZW")).toMatch(/check character/);
    expect(gstinProblem("27AAPFU0939F1")).toMatch(/15 characters/);
  });

  it("on a rider's form: optional, its state's", () => {
    expect(readRiderTax({ gstState: "27", gstin: " 27aapfu0939f1zv " })).toEqual({
      ok: true,
      tax: { stateCode: "27", gstin: "27AAPFU0939F1ZV" },
    });
    expect(readRiderTax({ gstState: "27" })).toEqual({ ok: true, tax: { stateCode: "27", gstin: "" } });
    expect(readRiderTax({ gstState: "29", gstin: "27AAPFU0939F1ZV" })).toMatchObject({
      ok: false,
      errors: { gstin: expect.stringMatching(/another state/) },
    });
    expect(readRiderTax({ gstState: "99" })).toMatchObject({ ok: false, errors: { gstState: expect.any(String) } });
  });

  it("in the organiser's settings: GST mode needs the legal name, address, GSTIN and state", () => {
    expect(readSettingsForm({ gstMode: "on" })).toMatchObject({
      ok: false,
      errors: { legalName: expect.any(String), address: expect.any(String), gstin: expect.any(String) },
    });
    expect(
      readSettingsForm({
        gstMode: "on",
        legalName: "Roadbook Tours LLP",
        address: "Pune",
        gstin: "27AAPFU0939F1ZV",
        stateCode: "27",
        sac: "998555",
        rate: "5",
      }),
    ).toMatchObject({ ok: true, settings: { gstMode: true, rateBasisPoints: 500, gstin: "27AAPFU0939F1ZV" } });
  });
});
