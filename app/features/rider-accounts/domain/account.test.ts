import { describe, expect, it } from "vitest";
import { FRESH_SIGN_IN_MINUTES, isFreshSignIn } from "./account";

describe("a fresh sign-in (decision 037)", () => {
  const signedInAt = "2026-11-26T10:00:00.000Z";
  const after = (minutes: number) => new Date(Date.parse(signedInAt) + minutes * 60_000);

  it("lets a session add a passkey only in its first minutes", () => {
    expect(isFreshSignIn(signedInAt, after(0))).toBe(true);
    expect(isFreshSignIn(signedInAt, after(FRESH_SIGN_IN_MINUTES))).toBe(true);
    expect(isFreshSignIn(signedInAt, after(FRESH_SIGN_IN_MINUTES + 1))).toBe(false);
  });
});
