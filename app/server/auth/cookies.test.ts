import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { requestContext, servicesContext, type AppServices } from "~/context";
import { sessionCookie } from "./admin-session.server";
import { clearCookie, cookieName, readCookie, serializeCookie, sign, unsign } from "./cookies.server";

function contextOver(secure: boolean): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestContext, { requestId: "r", nonce: "n", clientIp: "127.0.0.1", secure, origin: "http://x" });
  context.set(servicesContext, {} as AppServices);
  return context;
}

describe("session cookie", () => {
  it("over http: HttpOnly, SameSite=Lax, Path=/, seven days, no Secure", () => {
    expect(sessionCookie("token", contextOver(false))).toBe(
      "roadbook_session=token; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax",
    );
  });

  it("over https: the __Host- prefix and Secure as well", () => {
    expect(sessionCookie("token", contextOver(true))).toBe(
      "__Host-roadbook_session=token; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax; Secure",
    );
  });

  it("clearing keeps the flags and expires the cookie at once", () => {
    expect(clearCookie(cookieName("roadbook_session", true), true)).toBe(
      "__Host-roadbook_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure",
    );
  });
});

describe("cookie helpers", () => {
  it("reads one cookie among several, by exact name", () => {
    const request = new Request("http://x/", {
      headers: { Cookie: "a=1; roadbook_session_x=2; roadbook_session=tok%3Den; b" },
    });
    expect(readCookie(request, "roadbook_session")).toBe("tok=en");
    expect(readCookie(request, "missing")).toBeUndefined();
    expect(readCookie(new Request("http://x/", { headers: { Cookie: "bad=%E0%A4%A" } }), "bad")).toBeUndefined();
    expect(readCookie(new Request("http://x/"), "a")).toBeUndefined();
  });

  it("encodes values", () => {
    expect(serializeCookie("n", "a b;c", { secure: false, maxAgeSeconds: 1.9 })).toBe(
      "n=a%20b%3Bc; Path=/; Max-Age=1; HttpOnly; SameSite=Lax",
    );
  });

  it("a signed value survives intact and any change to it or its signature is detected", () => {
    const signed = sign("payload", "s".repeat(32));
    expect(unsign(signed, "s".repeat(32))).toBe("payload");
    expect(unsign(signed.replace("payload", "pay1oad"), "s".repeat(32))).toBeNull();
    expect(unsign(`${signed}x`, "s".repeat(32))).toBeNull();
    expect(unsign(signed, "t".repeat(32))).toBeNull();
    expect(unsign("no-signature", "s".repeat(32))).toBeNull();
  });
});
