import { describe, expect, it } from "vitest";
import { webOrigin } from "./web-url";

describe("webOrigin", () => {
  it("is the normalised origin of an http(s) URL", () => {
    expect(webOrigin("https://docs.google.com/forms/d/e/x/viewform?embedded=true")).toBe("https://docs.google.com");
    expect(webOrigin("http://forms.local:8080/a")).toBe("http://forms.local:8080");
    expect(webOrigin("https://Forms.Example.COM:443/a")).toBe("https://forms.example.com");
    expect(webOrigin("https://münchen.example/")).toBe("https://xn--mnchen-3ya.example");
  });

  it("is null for anything else, and for a host that is not a host name", () => {
    for (const url of ["", null, undefined, "/contact", "javascript:alert(1)", "data:text/html,x", "mailto:a@b.c"]) {
      expect(webOrigin(url)).toBeNull();
    }
    for (const url of [
      "https://x;sandbox/",
      "https://a,b.example/",
      "https://x'y/",
      "https://-a.example/",
      "https://a_b.example/",
    ]) {
      expect(webOrigin(url)).toBeNull();
    }
  });
});
