import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashOfToken, isSecretToken, newSecretToken } from "./secret-token.server";

describe("secret tokens", () => {
  it("are 43 base64url characters, new each time, with the SHA-256 of the token as their hash", () => {
    const first = newSecretToken();
    expect(first.token).toMatch(/^[\w-]{43}$/);
    expect(first.hash).toBe(createHash("sha256").update(first.token).digest("hex"));
    expect(hashOfToken(first.token)).toBe(first.hash);
    expect(newSecretToken().token).not.toBe(first.token);
  });

  it("tell a token's spelling from anything else", () => {
    expect(isSecretToken(newSecretToken().token)).toBe(true);
    for (const value of ["", "short", `${"a".repeat(43)}=`, "a".repeat(44), `${"a".repeat(42)}.`, undefined, 42])
      expect(isSecretToken(value)).toBe(false);
  });
});
