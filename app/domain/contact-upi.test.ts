import { describe, expect, it } from "vitest";
import { configInputSchema } from "./content";
import { FALLBACK_CONFIG } from "./defaults";

const withCompany = (company: Record<string, unknown>) => ({
  ...FALLBACK_CONFIG,
  company: { ...FALLBACK_CONFIG.company, ...company },
});

describe("the contact configuration's UPI payee (decision 019)", () => {
  it("is optional: a configuration saved before has none, and empty means none", () => {
    expect(configInputSchema.parse(FALLBACK_CONFIG).company).not.toHaveProperty("upiId");
    expect(configInputSchema.parse(withCompany({ upiId: " ", upiName: "" })).company).toMatchObject({
      upiId: "",
      upiName: "",
    });
  });

  it("keeps a UPI id and payee name", () => {
    expect(
      configInputSchema.parse(withCompany({ upiId: " hillriders@okaxis ", upiName: "Hill Riders" })).company,
    ).toMatchObject({ upiId: "hillriders@okaxis", upiName: "Hill Riders" });
  });

  it.each([["hillriders"], ["hill riders@okaxis"], ["@okaxis"], ["a@b@c"]])("refuses %j with its message", (upiId) => {
    const result = configInputSchema.safeParse(withCompany({ upiId }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["company.upiId", "UPI id must look like name@bank"],
    ]);
  });
});
