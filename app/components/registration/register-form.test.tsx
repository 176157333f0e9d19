import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { registrationSettingsSchema } from "~/domain/registration/settings";
import { RegisterForm, type RegisterFormProps } from "./register-form";

const settings = registrationSettingsSchema.parse({
  mode: "site",
  seats: 10,
  options: { solo: { offered: true, price: "8000" }, pillion: { offered: true, price: "" } },
  askLicence: true,
});

function render(props: Partial<RegisterFormProps> = {}) {
  return renderToString(
    <RegisterForm
      settings={settings}
      thingsToCarry={["Riding gear"]}
      cancellationPolicy={["No refund."]}
      consent="I agree."
      waiver={null}
      account={null}
      values={{}}
      errors={{}}
      {...props}
    />,
  );
}

/** The opening tag of the element with this id. */
function tag(html: string, id: string): string {
  return new RegExp(`<[a-z]+ id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
}

describe("RegisterForm", () => {
  it("asks the rider's state and an optional business GSTIN in GST mode only (docs/features/money-documents.md)", () => {
    expect(render()).not.toContain('name="gstState"');
    const html = render({ asksTaxDetails: true, values: { gstState: "29" }, errors: { gstin: "Wrong GSTIN" } });
    expect(tag(html, "gstState")).toMatch(/^<select/);
    expect(html).toContain('<option value="29" selected="">Karnataka</option>');
    expect(html).toContain("Business GSTIN (optional)");
    expect(html).toContain("Wrong GSTIN");
  });

  it("is a plain form post with the ride's options, their prices, and the licence number it asks for", () => {
    const html = render();
    expect(html).toMatch(/^<form [^>]*method="post"/);
    expect(html).toMatch(/Solo rider \(own bike\)<\/span><span[^>]*>₹8000</);
    expect(html).toContain("Rider with pillion");
    expect(html).not.toContain("Rental bike");
    expect(html).toContain('name="licenceNumber"');
    expect(html).not.toContain("error-summary");
  });

  it("hides the honeypot from people and screen readers, outside the tab order", () => {
    const html = render();
    expect(html).toMatch(/<div aria-hidden="true"[^>]*><label for="website">[^<]*<\/label><input id="website"/);
    expect(tag(html, "website")).toContain('tabindex="-1"');
  });

  it("sends a refused form back with the values typed, each message tied to its field, the summary focused", () => {
    const html = render({
      values: { name: "Kiran", mobile: "12345", option: "pillion", consent: "on" },
      errors: { mobile: "Enter a valid mobile number", pillionName: "Pillion's name is required" },
    });
    expect(html.indexOf('id="error-summary"')).toBeLessThan(html.indexOf('id="name"'));
    expect(tag(html, "error-summary")).toMatch(/role="alert" tabindex="-1" autofocus=""/);
    expect(html).toMatch(/<a href="#mobile"[^>]*>Enter a valid mobile number<\/a>.*<a href="#pillionName"/);
    const mobile = tag(html, "mobile");
    expect(mobile).toContain('aria-invalid="true"');
    expect(mobile).toContain('aria-describedby="mobile-hint mobile-error"');
    expect(mobile).toContain('value="12345"');
    expect(html).toContain(
      '<p id="mobile-error" class="mt-1 text-sm font-medium text-red-700">Enter a valid mobile number</p>',
    );
    expect(tag(html, "name")).toContain('value="Kiran"');
    expect(html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="pillion"/);
    expect(tag(html, "consent")).toContain('checked=""');
  });

  it("shows the ride's waiver in full, with the version it accepts and a field for the rider's full name", () => {
    const html = render({ waiver: { id: "w-2", version: 2, text: "Riding is risky.\nI ride at my own risk." } });
    expect(html).toMatch(/Waiver, version (<!-- -->)?2/);
    expect(html).toContain("Riding is risky.\nI ride at my own risk.");
    expect(html).toMatch(/<input type="hidden" name="waiverVersion" value="w-2"\/>/);
    expect(tag(html, "waiverName")).toContain('name="waiverName"');
    expect(render()).not.toContain("waiverName");
  });

  it("offers a visitor to sign in, and a signed-in rider an unticked box to save their details", () => {
    const visitor = render();
    expect(visitor).toContain('href="/me"');
    expect(visitor).toContain("Sign in to fill this in from your saved details");
    expect(visitor).not.toContain('name="saveDetails"');
    const rider = render({ account: { keeps: false } });
    expect(rider).not.toContain("Sign in to fill this in");
    expect(tag(rider, "saveDetails")).not.toContain("checked");
    expect(rider).toContain("Save these details to my account for my next registration");
    // Only a booking of the account's address joins it (decision 042): the form says so.
    expect(visitor).not.toContain("only when its email is your account");
    expect(rider).toContain("only when its email is your account&#x27;s");
  });

  it("ticks the box for a rider who keeps saved details, and says it updates them", () => {
    const html = render({ account: { keeps: true }, values: { name: "Asha Rao", saveDetails: "on" } });
    expect(tag(html, "saveDetails")).toContain("checked");
    expect(html).toContain("Update the details saved on my account");
    expect(tag(html, "name")).toContain('value="Asha Rao"');
  });
});
