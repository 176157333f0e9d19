import { describe, expect, it } from "vitest";
import { ConfigurationError, readEnv } from "~/server/env.server";

const problems = (variables: Record<string, string>) => {
  try {
    readEnv(variables);
  } catch (error) {
    if (error instanceof ConfigurationError) return error.message;
    throw error;
  }
  return "";
};

describe("sign-in and proxy configuration", () => {
  it("defaults: no proxy trusted, no Google sign-in, Google's issuer, a random per-process secret", () => {
    const env = readEnv({});
    expect(env.trustProxy).toBe(false);
    expect(env.google).toBeUndefined();
    expect(env.sessionSecretIsEphemeral).toBe(true);
    expect(env.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readEnv({}).sessionSecret).not.toBe(env.sessionSecret);
  });

  it("Google sign-in is configured by the client id and secret together", () => {
    expect(readEnv({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" }).google).toEqual({
      clientId: "id",
      clientSecret: "secret",
      issuer: "https://accounts.google.com",
    });
    expect(problems({ GOOGLE_CLIENT_ID: "id" })).toContain(
      "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
    );
  });

  it("the issuer must be https, except a provider on this machine", () => {
    expect(readEnv({ OIDC_ISSUER: "http://127.0.0.1:5000" }).google).toBeUndefined();
    expect(problems({ OIDC_ISSUER: "http://idp.example.org" })).toContain("OIDC_ISSUER must use https");
    expect(problems({ OIDC_ISSUER: "not a url" })).toContain("OIDC_ISSUER must be an http(s) URL");
  });

  it("TRUST_PROXY: true, false, a hop count or a list of addresses and ranges", () => {
    expect(readEnv({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(readEnv({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(readEnv({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(readEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8, fd00::/8" }).trustProxy).toEqual([
      "loopback",
      "10.0.0.0/8",
      "fd00::/8",
    ]);
    expect(problems({ TRUST_PROXY: "yes please" })).toContain("TRUST_PROXY must be");
    expect(problems({ TRUST_PROXY: "10.0.0.0/33" })).toContain("TRUST_PROXY must be");
  });

  it("a SESSION_SECRET, when set, is long enough and used as given", () => {
    expect(problems({ SESSION_SECRET: "short" })).toContain("SESSION_SECRET must be at least 32 characters");
    const env = readEnv({ SESSION_SECRET: "x".repeat(40) });
    expect(env).toMatchObject({ sessionSecret: "x".repeat(40), sessionSecretIsEphemeral: false });
  });
});
