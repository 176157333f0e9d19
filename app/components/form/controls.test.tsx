import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CheckboxField, InputField, SelectField, TextAreaField } from "./controls";
import { describedBy } from "./field";

/** The opening tag of the element with this id. */
function tag(html: string, id: string): string {
  return new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
}

/** The text of the label of this control, tags left out. */
function labelText(html: string, id: string): string {
  const label = new RegExp(`<label [^>]*for="${id}"[^>]*>(.*?)</label>`).exec(html)?.[1] ?? "";
  return label.replace(/<[^>]+>/g, "").replace(/<!-- -->/g, "");
}

describe("describedBy", () => {
  it("lists the hint, then the message, of a field that has them", () => {
    expect(describedBy("name")).toBeUndefined();
    expect(describedBy("name", "A hint")).toBe("name-hint");
    expect(describedBy("name", undefined, "Wrong")).toBe("name-error");
    expect(describedBy("name", "A hint", "Wrong")).toBe("name-hint name-error");
  });
});

describe("the form kit's convention (GOV.UK): optional fields say so, required ones carry aria-required", () => {
  it("a required field: no marker in its label, aria-required on its control", () => {
    const html = renderToString(<InputField id="title" label="Title" value="" onChange={() => {}} />);
    expect(labelText(html, "title")).toBe("Title");
    expect(html).not.toContain("*");
    expect(tag(html, "title")).toContain('aria-required="true"');
  });

  it("an optional field: '(optional)' in its label, so in its accessible name; no aria-required", () => {
    const html = renderToString(<InputField id="email" name="email" label="Email" optional defaultValue="" />);
    expect(labelText(html, "email")).toBe("Email (optional)");
    expect(tag(html, "email")).not.toContain("aria-required");
    expect(tag(html, "email")).toContain('name="email"');
  });

  it("a read-only field is neither: no marker, no aria-required", () => {
    const html = renderToString(<InputField id="duration" label="Duration" readOnly optional value="3 days" />);
    expect(labelText(html, "duration")).toBe("Duration");
    expect(tag(html, "duration")).not.toContain("aria-required");
  });

  it("links the hint and the message to the control, and marks it invalid", () => {
    const html = renderToString(
      <TextAreaField id="description" label="Description" hint="A few lines" error="Description is required" />,
    );
    expect(tag(html, "description")).toContain('aria-describedby="description-hint description-error"');
    expect(tag(html, "description")).toContain('aria-invalid="true"');
    expect(tag(html, "description-hint")).toContain("<p");
    expect(html).toContain('id="description-error"');
    expect(html).toContain("Description is required");
  });

  it("a select lists its options and follows the same convention", () => {
    const html = renderToString(
      <SelectField
        id="difficulty"
        label="Difficulty"
        optional
        options={[
          { value: "", label: "Not set" },
          { value: "Easy", label: "Easy" },
        ]}
        defaultValue=""
      />,
    );
    expect(labelText(html, "difficulty")).toBe("Difficulty (optional)");
    expect(html).toContain('<option value="Easy">Easy</option>');
  });

  it("a checkbox has no marker; one that must be ticked carries aria-required and its message", () => {
    const consent = renderToString(
      <CheckboxField id="consent" name="consent" label="I agree." required defaultChecked={false} error="Tick it" />,
    );
    expect(tag(consent, "consent")).toContain('type="checkbox"');
    expect(tag(consent, "consent")).toContain('aria-required="true"');
    expect(tag(consent, "consent")).toContain('aria-describedby="consent-error"');
    expect(labelText(consent, "consent")).toBe("I agree.");
    const setting = renderToString(<CheckboxField id="featured" label="Featured ride" checked onChange={() => {}} />);
    expect(tag(setting, "featured")).not.toContain("aria-required");
  });
});
