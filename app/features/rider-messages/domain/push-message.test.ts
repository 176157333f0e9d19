import { describe, expect, it } from "vitest";
import { readPushMessage } from "./push-message";

const ORIGIN = "https://rides.example.org";

describe("readPushMessage (the service worker's reading of a push)", () => {
  it("reads title, text and the site's page a tap opens", () => {
    expect(
      readPushMessage(JSON.stringify({ title: "Spiti", body: "Meet at 6", url: "/booking/abc?x=1" }), ORIGIN),
    ).toEqual({
      title: "Spiti",
      body: "Meet at 6",
      url: `${ORIGIN}/booking/abc?x=1`,
    });
  });

  it.each(["https://evil.example/x", "//evil.example/x", "javascript:alert(1)", "data:text/html,hi", ""])(
    "opens the home page instead of %j",
    (url) => {
      expect(readPushMessage(JSON.stringify({ title: "T", body: "B", url }), ORIGIN).url).toBe(`${ORIGIN}/`);
    },
  );

  it.each([undefined, "", "not json", "null", "[1]", JSON.stringify({ title: 3, body: null })])(
    "still shows a notification for %j",
    (text) => {
      expect(readPushMessage(text, ORIGIN)).toEqual({ title: "Roadbook", body: "", url: `${ORIGIN}/` });
    },
  );
});
