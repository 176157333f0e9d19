import { describe, expect, it } from "vitest";
import { balancePayment, bookingPayment } from "~/domain/registration/booking-page";
import { duesOf, type LedgerEntry } from "~/domain/registration/dues";
import { ledgerEntry } from "../../../tests/support/ledger-entries";
import { confirmationMail, promotionMail } from "./rider-mail.server";
import type { Registration } from "./rows.server";

// What a rider reads in their booking mails (decision 020, issue 34): the links themselves, in
// words true in a mail: never a QR code, a field or a link "below" that is not there.

const RIDE = {
  title: "Spiti Valley",
  startDate: "2027-06-10",
  endDate: "2027-06-16",
  status: "upcoming" as const,
  whatsappGroupUrl: "https://chat.whatsapp.com/AbCdEf123",
  bookingCost: "₹5,000",
  tripCost: "₹33,500",
};
const PAYEE = { upiId: "hillriders@okhdfc", upiName: "Hill Riders" };
const LINK = "https://roadbook.example/booking/tok123";

function registration(overrides: Partial<Registration> = {}): Registration {
  return {
    id: "4b0f0c52-8f0e-4a8e-9d0b-0d7a5f7c2e11",
    rideId: "spiti",
    reference: "RB-7K3Q",
    status: "confirmed",
    option: "solo",
    seats: 1,
    phone: "+919876543210",
    name: "Asha Rao",
    email: "asha@example.com",
    emergencyName: "Ravi Rao",
    emergencyPhone: "+919876543211",
    bloodGroup: "O+",
    bikeModel: "Himalayan",
    pillionName: "",
    licenceNumber: "KA0120200001234",
    checkedInAt: null,
    createdAt: "2027-01-10T10:00:00.000Z",
    updatedAt: "2027-01-10T10:00:00.000Z",
    erasedAt: null,
    reminders: true,
    waiverId: null,
    waiverName: "",
    waiverAcceptedAt: null,
    riderId: null,
    ...overrides,
  };
}

const AT = "2027-01-10T10:00:00.000Z";
const charge = (part: "booking" | "balance", amountPaise: number) => ledgerEntry("charge", part, amountPaise);

/** What a confirmed booking of RIDE owes, after these payments; nothing for one waitlisted. */
function duesFor(rider: Registration, payments: LedgerEntry[] = []) {
  const charges = rider.status === "confirmed" ? [charge("booking", 500_000), charge("balance", 2_850_000)] : [];
  return duesOf([...charges, ...payments], { status: rider.status, balanceDueDate: "2027-06-03" }, new Date(AT));
}

function confirmation(rider: Registration, payments: LedgerEntry[] = []) {
  const dues = duesFor(rider, payments);
  return confirmationMail({
    ride: RIDE,
    registration: rider,
    payment: bookingPayment(PAYEE, dues.booking, rider.reference, RIDE.bookingCost),
    balance: balancePayment(PAYEE, dues.balance, rider.reference),
    link: LINK,
  }).text;
}

describe("the confirmation mail", () => {
  it("gives a confirmed rider the UPI app link, the ride's group, their booking link and Find my booking, and nothing 'below'", () => {
    const text = confirmation(registration());
    const upi = bookingPayment(PAYEE, duesFor(registration()).booking, "RB-7K3Q").link!;
    expect(upi).toMatch(/^upi:\/\/pay\?/);
    expect(text).toContain(`this link opens your UPI app with the amount and note filled in:\n${upi}\n`);
    expect(text).toContain(
      "Or scan the QR code on your booking page, or pay to UPI id hillriders@okhdfc (Hill Riders) with the note RB-7K3Q.",
    );
    expect(text).toContain("Then enter the UPI transaction id (UTR) on your booking page");
    expect(text).toContain("Join the ride's WhatsApp group: https://chat.whatsapp.com/AbCdEf123");
    expect(text).toContain(`anyone with this link can):\n${LINK}\n`);
    expect(text).toMatch(/Lost this link\? Find your booking at https:\/\/roadbook\.example\/booking$/);
    expect(text).not.toMatch(/\b(below|above)\b/i);
    expect(text).not.toMatch(/this page/i);
  });

  it("gives the balance its own UPI link and note, and says where its UTR goes", () => {
    const text = confirmation(registration());
    expect(text).toMatch(
      /Pay the balance of ₹28,500 by .+, before the ride starts, by UPI with the note "RB-7K3Q balance":\nupi:\/\/pay\?[^\n]*RB-7K3Q%20balance/,
    );
    expect(text).toContain("Then enter its UTR in the balance's own field on your booking page.");
  });

  it("asks a seat whose booking amount is paid (a seat handed on) for nothing but the balance", () => {
    const paid = ledgerEntry("payment", "booking", 500_000, { method: "upi", reference: "412345678901" });
    const text = confirmation(registration(), [paid]);
    expect(text).toContain("The organisers have the booking amount: nothing to pay for it.");
    expect(text).not.toContain("Pay the booking amount");
    expect(text).toMatch(/Pay the balance of ₹28,500/);
  });

  it("tells a waitlisted rider to wait, without the group or a payment, and still gives both links", () => {
    const text = confirmation(registration({ status: "waitlisted" }));
    expect(text).toContain("you are on the waitlist");
    expect(text).toContain("Pay only once you are confirmed.");
    expect(text).not.toContain("chat.whatsapp.com");
    expect(text).not.toContain("upi://");
    expect(text).toContain(LINK);
    expect(text).toContain("Find your booking at https://roadbook.example/booking");
    expect(text).not.toMatch(/\b(below|above)\b|this page/i);
  });

  it("says how to pay without a payee, and gives no group link when the ride has none", () => {
    const text = confirmationMail({
      ride: { ...RIDE, whatsappGroupUrl: "" },
      registration: registration(),
      payment: bookingPayment({}, duesFor(registration()).booking, "RB-7K3Q"),
      link: LINK,
    }).text;
    expect(text).toContain("Pay the booking amount of ₹5,000 as the ride's payment terms say");
    expect(text).not.toMatch(/upi:|QR code|WhatsApp group|\bbelow\b/);
  });
});

describe("the seat-confirmed mail", () => {
  const promoted = registration({ status: "confirmed" });
  const payment = bookingPayment(PAYEE, duesFor(promoted).booking, promoted.reference);

  it("gives the promoted rider what the confirmation gives: the UPI link, the group, their booking link", () => {
    const text = promotionMail({
      ride: RIDE,
      registration: promoted,
      payment,
      link: LINK,
      origin: "https://roadbook.example",
    }).text;
    expect(text).toContain("your registration RB-7K3Q is now confirmed");
    expect(text).toContain(payment.link!);
    expect(text).toContain("Join the ride's WhatsApp group: https://chat.whatsapp.com/AbCdEf123");
    expect(text).toContain(LINK);
    expect(text).toContain("Find your booking at https://roadbook.example/booking");
    expect(text).not.toMatch(/\b(below|above)\b/i);
  });

  it("without a link it can open, points to the first mail and to Find my booking", () => {
    const text = promotionMail({
      ride: RIDE,
      registration: promoted,
      payment,
      link: null,
      origin: "https://roadbook.example",
    }).text;
    expect(text).toContain(
      "Your private booking page is the link in your first mail.\nLost this link? Find your booking at https://roadbook.example/booking",
    );
  });
});
