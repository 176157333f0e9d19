import { describe, expect, it } from "vitest";
import { parseOrErrors } from "~/domain/validation";
import { rideInputSchema, type Ride } from "~/domain/ride";
import { newListItem } from "../form/list-item";
import { draftToInput, duplicateRideDraft, emptyRideDraft, rideToDraft, withDates } from "./draft";

const ride: Ride = {
  id: "ride-1",
  title: "Spiti Circuit",
  startDate: "2026-12-01",
  endDate: "2026-12-03",
  image: "https://example.com/spiti.jpg",
  description: "High desert loop",
  distance: "850 km",
  participants: 12,
  status: "completed",
  featured: true,
  tripCost: "₹25,000",
  bookingCost: "₹5,000",
  lastBookingDate: "2026-11-25",
  bookingFormUrl: "https://forms.example.com/spiti",
  registration: {
    mode: "site",
    seats: 12,
    options: {
      solo: { offered: true, price: "₹5,000" },
      pillion: { offered: true, price: "₹8,000" },
      rental: { offered: false, price: "" },
    },
    waitlist: false,
    askLicence: true,
    creditOnCancel: false,
    balanceDueDays: 10,
    reminders: {
      week: { on: false, daysBefore: 5 },
      eve: { on: true, daysBefore: 2 },
      extra: "Fuel up the night before.",
    },
  },
  whatsappGroupUrl: "https://chat.whatsapp.com/AbCdEfGhIjKlMnOp",
  youtubeUrl: "",
  instagramUrl: "",
  vehicleType: "Bike",
  difficulty: "Challenging",
  maxParticipants: "10-15",
  bestSeason: "Summer",
  startingPlace: "Mall Road, Manali",
  highlights: ["Key Monastery", "Chandratal"],
  itinerary: [
    { day: 1, title: "Shimla to Narkanda", description: "Warm-up", distance: "65 km", activities: ["Briefing"] },
    { day: 2, title: "Narkanda to Sangla", description: "", distance: "", activities: [] },
    { day: 3, title: "Sangla to Kaza", description: "", distance: "", activities: [] },
  ],
  included: ["Stay"],
  excluded: ["Fuel"],
  thingsToCarryMandatory: ["Licence"],
  thingsToCarrySuggested: ["Camera"],
  cancellationPolicy: "No refunds",
  paymentTerms: "Pay before start",
  howToJoin: "Fill the form",
  order: 2,
  price: "",
  thingsToCarry: [],
  duration: "3D 2N",
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
  version: 4,
};

describe("ride form draft", () => {
  it("starts a new ride as product.md#new-rides says: upcoming, 0 participants", () => {
    const draft = emptyRideDraft();
    expect(draft.status).toBe("upcoming");
    expect(draft.participants).toBe("0");
  });

  it("round-trips a stored ride into exactly the fields the schema accepts", () => {
    const input = draftToInput(rideToDraft(ride));
    const parsed = parseOrErrors(rideInputSchema, input);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const {
      id: _id,
      order: _order,
      price: _price,
      thingsToCarry: _carry,
      duration: _duration,
      createdAt: _c,
      updatedAt: _u,
      version: _v,
      ...fields
    } = ride;
    expect(parsed.data).toEqual(fields);
  });

  it("submits list items in order, as text", () => {
    const draft = { ...emptyRideDraft(), highlights: [newListItem("First"), newListItem("Second")] };
    expect(draftToInput(draft).highlights).toEqual(["First", "Second"]);
  });

  it("duplicates without id, titled ' (Copy)' and upcoming (product.md#new-rides)", () => {
    const draft = duplicateRideDraft(ride);
    expect(draft.title).toBe("Spiti Circuit (Copy)");
    expect(draft.status).toBe("upcoming");
    expect(draftToInput(draft)).not.toHaveProperty("id");
    expect(draft.description).toBe(ride.description);
  });

  describe("withDates", () => {
    it("adds blank days for a longer ride and keeps the days already written", () => {
      const draft = rideToDraft(ride);
      const next = withDates(draft, "2026-12-01", "2026-12-05");
      expect(next.itinerary.map((day) => day.day)).toEqual([1, 2, 3, 4, 5]);
      expect(next.itinerary[0]).toBe(draft.itinerary[0]);
      expect(next.itinerary[3]).toEqual({ day: 4, title: "", description: "", distance: "", activities: [] });
    });

    it("drops days past a new, earlier end", () => {
      const next = withDates(rideToDraft(ride), "2026-12-01", "2026-12-02");
      expect(next.itinerary.map((day) => day.title)).toEqual(["Shimla to Narkanda", "Narkanda to Sangla"]);
    });

    it("leaves the itinerary alone while the range is unusable, but keeps the typed dates", () => {
      const draft = rideToDraft(ride);
      const next = withDates(draft, "2026-12-09", "2026-12-03");
      expect(next.itinerary).toBe(draft.itinerary);
      expect([next.startDate, next.endDate]).toEqual(["2026-12-09", "2026-12-03"]);
    });
  });
});
