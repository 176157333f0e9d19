import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RiderPhotosSection } from "./rider-photos-section";

const photos = [
  { id: "p1", image: "/images/1_ride-photo-a_40x30.jpg", status: "pending" as const },
  { id: "p2", image: "/images/2_ride-photo-b_40x30.jpg", status: "approved" as const },
  { id: "p3", image: "/images/3_ride-photo-c_40x30.jpg", status: "hidden" as const },
];

describe("RiderPhotosSection", () => {
  it("is a plain multipart form posting to the booking page, with each photo's state and a delete button", () => {
    const html = renderToString(<RiderPhotosSection href="/booking/t" view={{ photos, left: 2, closed: null }} />);
    expect(html).toContain("Your photos of the ride");
    expect(html).toContain('action="/booking/t?intent=photos"');
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toMatch(/<input[^>]*type="file"[^>]*multiple=""[^>]*accept="image\/\*"/);
    expect(html).toContain("2 more at most");
    for (const label of ["Waiting for approval", "In the gallery", "Not shown"]) expect(html).toContain(label);
    expect(html.match(/value="photo-delete"/g)).toHaveLength(3);
  });

  it("names each refused file, and offers no form when the rider has no room or the ride is closed", () => {
    const refused = renderToString(
      <RiderPhotosSection
        href="/booking/t"
        view={{ photos: [], left: 5, closed: null }}
        answer={{ intent: "photos", errors: { "photo-0": "notes.jpg: Invalid file type." } }}
      />,
    );
    expect(refused).toContain("These photos were not added:");
    expect(refused).toContain("notes.jpg: Invalid file type.");

    const full = renderToString(<RiderPhotosSection href="/booking/t" view={{ photos, left: 0, closed: null }} />);
    expect(full).not.toContain('type="file"');
    expect(full).toContain("Delete one to send another");

    const closed = renderToString(
      <RiderPhotosSection href="/booking/t" view={{ photos, left: 0, closed: "This registration is cancelled." }} />,
    );
    expect(closed).not.toContain('type="file"');
    expect(closed).toContain("This registration is cancelled.");
  });
});
