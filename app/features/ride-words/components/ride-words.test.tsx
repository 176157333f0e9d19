import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RIDE_WORDS_INTENT } from "~/features/ride-words/domain/booking";
import { RideWords } from "./ride-words";
import { RideWordsSection } from "./ride-words-form";

describe('the booking page\'s "How was the ride?"', () => {
  it("asks with labelled radio buttons in a fieldset, and answers a refusal with the rider's input", () => {
    const html = renderToString(
      <RideWordsSection
        href="/booking/token"
        view={{ open: true, answer: null }}
        answer={{
          intent: RIDE_WORDS_INTENT,
          values: { rating: "", words: "Lovely" },
          errors: { rating: "Choose a rating from 1 to 5" },
        }}
      />,
    );
    expect(html).toContain("<legend");
    expect(html).toContain("5 – Excellent");
    expect(html).toContain('href="#rating"');
    expect(html).toContain("Lovely</textarea>");
    expect(html).not.toContain("Withdraw my words");
  });

  it("offers only withdrawal once approved", () => {
    const html = renderToString(
      <RideWordsSection
        href="/booking/token"
        view={{
          open: true,
          answer: { rating: 4, words: "Great", status: "approved", editable: false, withdrawable: true },
        }}
      />,
    );
    expect(html).toContain("Withdraw my words");
    expect(html).not.toContain('name="rating"');
  });
});

describe("a ride page's riders' words", () => {
  it("show the first name, the stars with their text, and the average", () => {
    const html = renderToString(
      <RideWords
        words={{
          own: [{ id: "1", rating: 4, words: "Misty", credit: "Asha" }],
          summary: { average: 4, count: 1 },
          route: [],
        }}
      />,
    );
    expect(html).toContain("What riders said");
    expect(html).toContain("Rated 4 out of 5");
    expect(html).toContain("4.0 ★ (1)");
    expect(html).toContain("Asha");
    expect(html).not.toContain("about this route");
  });

  it("show nothing without approved words", () => {
    expect(renderToString(<RideWords words={{ own: [], summary: null, route: [] }} />)).toBe("");
    expect(renderToString(<RideWords words={null} />)).toBe("");
  });
});
