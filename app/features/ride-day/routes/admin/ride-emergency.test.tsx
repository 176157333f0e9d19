import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { RideDayRider } from "~/features/ride-day/domain/pack";
import type { EmergencySheet } from "~/features/ride-day/server/emergency.server";
import EmergencySheetPage from "./ride-emergency";

const rider: RideDayRider = {
  id: "r1",
  reference: "RB-7K3Q",
  name: "Asha Rao",
  phone: "+919800000001",
  option: "pillion",
  pillionName: "Meera Rao",
  status: "confirmed",
  payment: "paid",
  balancePaid: true,
  checkedInAt: null,
  emergencyName: "Ravi Rao",
  emergencyPhone: "+919123456789",
  bloodGroup: "unknown",
  licence: "HP-01-1",
  bike: "Himalayan 450",
  waiver: { state: "not-required", version: null, name: "", acceptedAt: null },
};

const sheet: EmergencySheet = {
  rideId: "ride-1",
  title: "Spiti Valley Circuit",
  startDate: "2027-06-10",
  endDate: "2027-06-18",
  meetingPoint: "Mall Road, Manali",
  captains: [
    { name: "Kiran", email: "kiran@example.com" },
    { name: "", email: "lead@example.com" },
  ],
  riders: [rider],
  takenAt: "2027-06-10T03:00:00.000Z",
};

function render(loaderData: { sheet: EmergencySheet | null; loadError: string | null }) {
  const Page = EmergencySheetPage as unknown as (props: { loaderData: typeof loaderData }) => React.ReactNode;
  const Stub = createRoutesStub([{ path: "/", Component: () => <Page loaderData={loaderData} /> }]);
  return renderToString(<Stub initialEntries={["/"]} />).replaceAll("<!-- -->", "");
}

describe("the emergency sheet", () => {
  it("lists each rider with who to call, the ride, its captains and when it was made, and prints", () => {
    const html = render({ sheet, loadError: null });
    expect(html).toContain("Emergency sheet · Spiti Valley Circuit");
    expect(html).toContain("Meeting point: Mall Road, Manali");
    expect(html).toContain("Ride captains: Kiran, lead@example.com");
    expect(html).toContain("As of 10 Jun 2027, 08:30 IST");
    for (const text of ["Asha Rao", "RB-7K3Q", "Don&#x27;t know", "Ravi Rao", "Himalayan 450", "HP-01-1", "Meera Rao"])
      expect(html).toContain(text);
    expect(html).toContain('href="tel:+919123456789"');
    expect(html).toMatch(/<button[^>]*print:hidden[^>]*>.*Print<\/button>/);
    expect(html).toMatch(/<tr class="break-inside-avoid">/);
  });

  it("says when the ride does not exist", () => {
    expect(render({ sheet: null, loadError: null })).toContain("This ride does not exist");
  });
});
