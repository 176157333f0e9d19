import { describe, expect, it } from "vitest";
import type { SiteConfig } from "./content";
import { FALLBACK_CONFIG } from "./defaults";
import { socialLinks, telHref } from "./social-links";

const config = (socialMedia: Partial<SiteConfig["socialMedia"]>, email = "team@example.com"): SiteConfig => ({
  ...FALLBACK_CONFIG,
  company: { ...FALLBACK_CONFIG.company, email },
  socialMedia: { instagram: "", youtube: "", whatsapp: "", email: "", ...socialMedia },
});

describe("socialLinks (product.md#navigation, #contact-page: footer and contact social buttons)", () => {
  it("lists the asked networks in order with their names", () => {
    const links = socialLinks(
      config({
        instagram: "https://instagram.com/x",
        youtube: "https://youtube.com/@x",
        whatsapp: "https://wa.me/1",
        email: "mailto:a@b.in",
      }),
      ["instagram", "youtube", "email", "whatsapp"],
    );
    expect(links.map((link) => [link.label, link.href, link.external])).toEqual([
      ["Instagram", "https://instagram.com/x", true],
      ["YouTube", "https://youtube.com/@x", true],
      ["Email", "mailto:a@b.in", false],
      ["WhatsApp", "https://wa.me/1", true],
    ]);
  });

  it("leaves out networks that are not configured", () => {
    expect(
      socialLinks(config({ youtube: "https://youtube.com/@x" }, ""), ["instagram", "youtube", "email"]).map(
        (l) => l.network,
      ),
    ).toEqual(["youtube"]);
  });

  it("falls back to the company email for the email link", () => {
    expect(socialLinks(config({}), ["email"])[0]?.href).toBe("mailto:team@example.com");
  });

  it("never returns a link that is not http(s) or mailto:", () => {
    const stored = config(
      {
        instagram: "javascript:alert(1)",
        youtube: "data:text/html,x",
        whatsapp: "//evil.example",
        email: "mailto:not an address",
      },
      "",
    );
    expect(socialLinks(stored, ["instagram", "youtube", "whatsapp", "email"])).toEqual([]);
  });
});

describe("telHref", () => {
  it("keeps only digits and the plus sign", () => {
    expect(telHref("+91 98765 43210")).toBe("tel:+919876543210");
    expect(telHref("(080) 4123-4567")).toBe("tel:08041234567");
  });
});
