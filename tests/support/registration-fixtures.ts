/** A valid registration form as a rider posts it; `n` makes the mobile number and name distinct. */
export function riderForm(n: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `Rider ${n}`,
    mobile: `98${String(n).padStart(8, "0")}`,
    emergencyName: "Ravi Rao",
    emergencyPhone: "+91 91234 56789",
    bloodGroup: "O+",
    option: "solo",
    bikeModel: "Himalayan 450",
    acknowledgeCarry: "on",
    acknowledgePolicy: "on",
    consent: "on",
    ...overrides,
  };
}
