import { describe, expect, it } from "vitest";
import {
  cellAmount,
  cellDirection,
  isBlankAmount,
  lineUtr,
  mentionsUpi,
  narrationReference,
  statementDate,
} from "./statement-cells";

describe("statementDate", () => {
  it.each([
    ["04/01/2024", "2024-01-04"],
    ["4/1/2024", "2024-01-04"],
    ["04-01-24", "2024-01-04"],
    ["04.01.2024", "2024-01-04"],
    ["4 Jan 2024", "2024-01-04"],
    ["04-JAN-24", "2024-01-04"],
    ["04 January, 2024", "2024-01-04"],
    ["2024-01-04", "2024-01-04"],
    ["2024-01-04T10:15:00", "2024-01-04"],
    ["04/01/2024 10:15:23", "2024-01-04"],
    [" 29/02/2024 ", "2024-02-29"],
  ])("reads %j as %s (day first)", (text, iso) => {
    expect(statementDate(text)).toBe(iso);
  });

  it.each(["31/02/2024", "29/02/2023", "13/13/2024", "2024/01/04", "4 Foo 2024", "04012024", "Opening Balance", ""])(
    "refuses %j",
    (text) => {
      expect(statementDate(text)).toBeNull();
    },
  );
});

describe("cellAmount", () => {
  it.each([
    ["1,00,000.50", 10_000_050, null],
    ["100,000.50", 10_000_050, null],
    ["5000", 500_000, null],
    ["5000.5", 500_050, null],
    ["0.29", 29, null],
    ["₹ 28,500.00", 2_850_000, null],
    ["Rs.500", 50_000, null],
    ["INR 500.00", 50_000, null],
    ["500.00 Cr", 50_000, "credit"],
    ["500.00(Dr)", 50_000, "debit"],
    ["500.00 DR.", 50_000, "debit"],
    ["-500.00", 50_000, "debit"],
    ["₹-500", 50_000, "debit"],
  ])("reads %j as %i paise, %s", (text, paise, direction) => {
    expect(cellAmount(text)).toEqual({ paise, direction });
  });

  it.each(["5,000.505", "five hundred", "500 USD", "1.2.3", "", "99999999999999999"])("refuses %j", (text) => {
    expect(cellAmount(text)).toBeNull();
  });

  it("takes a dash or nothing as no amount", () => {
    expect(["", "  ", "-", "—"].every(isBlankAmount)).toBe(true);
    expect(isBlankAmount("0.00")).toBe(false);
  });
});

describe("cellDirection", () => {
  it("reads the Cr/Dr column's words", () => {
    expect(["CR", "Cr.", "c", "Credit"].map(cellDirection)).toEqual(Array(4).fill("credit"));
    expect(["DR", "dr", "D", "Debit"].map(cellDirection)).toEqual(Array(4).fill("debit"));
    expect(cellDirection("UPI")).toBeNull();
  });
});

describe("mentionsUpi", () => {
  it("finds UPI as a word of its own", () => {
    expect(mentionsUpi("UPI/409112345621/RB-7K3Q")).toBe(true);
    expect(mentionsUpi("BY TRANSFER-UPI/CR/409112345601")).toBe(true);
    expect(mentionsUpi("upi-409112345631")).toBe(true);
    expect(mentionsUpi("NEFT CR-HDFC0000001-GUPIT")).toBe(false);
  });
});

describe("lineUtr", () => {
  it("reads a reference cell that is a UTR, zero-padded or prefixed", () => {
    expect(lineUtr("0000409112345611", "")).toBe("409112345611");
    expect(lineUtr("UPI-409112345631", "")).toBe("409112345631");
    expect(lineUtr("009112345611", "")).toBe("009112345611");
  });

  it("passes over a reference cell that holds more than a UTR, and reads the narration", () => {
    expect(lineUtr("TRANSFER FROM 489769116209", "BY TRANSFER-UPI/CR/409112345601/ASHA/HDFC")).toBe("409112345601");
  });

  it("takes the first standalone 12 digits of the narration, never a phone number in a UPI id", () => {
    expect(lineUtr("", "UPI-MEERA N-919876543210@paytm-PYTM0123456-409412345615-Ride")).toBe("409412345615");
    expect(lineUtr("", "UPI/409112345621/paid 123456789012/x@ok")).toBe("409112345621");
    expect(lineUtr("", "IMPS 4091123456219 ref")).toBeNull();
    expect(lineUtr("-", "UPI/NO NUMBER/RB-7K3Q")).toBeNull();
  });
});

describe("narrationReference", () => {
  it("finds a booking reference in any case, with a hyphen, a space or neither", () => {
    expect(narrationReference("UPI/409112345621/RB-7K3Q/asha@okaxis")).toBe("RB-7K3Q");
    expect(narrationReference("upi/kiran/rb-m4xp")).toBe("RB-M4XP");
    expect(narrationReference("UPI-KIRAN-409212345613-RB M4XP")).toBe("RB-M4XP");
    expect(narrationReference("UPI-KIRAN-409212345613-RB7K3Q")).toBe("RB-7K3Q");
  });

  it("ignores letters outside the alphabet and references inside longer words", () => {
    expect(narrationReference("UPI/RB-7KIQ")).toBeNull();
    expect(narrationReference("UPI/RB-7K3QX")).toBeNull();
    expect(narrationReference("UPI/HERB-7K3Q")).toBeNull();
  });
});
