import { describe, expect, it } from "vitest";
import { ConfigurationError, readEnv } from "./env.server";

const problems = (variables: Record<string, string>) => {
  try {
    readEnv(variables);
  } catch (error) {
    if (error instanceof ConfigurationError) return error.message;
    throw error;
  }
  return "";
};

// Every link the site mails, pushes or shows is built on this origin, never on the request's
// Host (decision 043).
describe("the site's public origin (PUBLIC_URL)", () => {
  it("is PUBLIC_URL when set, without its trailing slash", () => {
    expect(readEnv({ NODE_ENV: "production", PUBLIC_URL: "https://rides.example.org/" }).publicUrl).toBe(
      "https://rides.example.org",
    );
  });

  it("production refuses to start without it, unless it listens on this machine only", () => {
    expect(problems({ NODE_ENV: "production" })).toContain("PUBLIC_URL must be set in production");
    expect(problems({ NODE_ENV: "production", HOST: "0.0.0.0" })).toContain("PUBLIC_URL must be set in production");
    expect(problems({ NODE_ENV: "production", HOST: "192.0.2.10" })).toContain("PUBLIC_URL must be set in production");
  });

  it("is http://localhost:PORT by default on a loopback HOST, and in development and tests", () => {
    for (const host of ["127.0.0.1", "::1", "localhost"])
      expect(readEnv({ NODE_ENV: "production", HOST: host, PORT: "4000" }).publicUrl).toBe("http://localhost:4000");
    expect(readEnv({}).publicUrl).toBe("http://localhost:3000");
    expect(readEnv({ NODE_ENV: "test", PORT: "5000" }).publicUrl).toBe("http://localhost:5000");
  });
});
