import { describe, expect, it } from "vitest";
import { ConfigurationError, readEnv } from "~/server/env.server";
import { contentSecurityPolicy } from "./security";

describe("the route map's tile server (MAP_TILE_URL)", () => {
  it("is off unless configured, and its origin is read from the template", () => {
    expect(readEnv({}).map).toBeUndefined();
    const env = readEnv({
      MAP_TILE_URL: "http://127.0.0.1:4555/tiles/{z}/{x}/{y}.png",
      MAP_ATTRIBUTION: "© Test tiles",
    });
    expect(env.map).toEqual({
      tileUrl: "http://127.0.0.1:4555/tiles/{z}/{x}/{y}.png",
      attribution: "© Test tiles",
      origin: "http://127.0.0.1:4555",
    });
  });

  it("refuses a template without {z}/{x}/{y}, a non-http URL, or tiles without attribution", () => {
    expect(() => readEnv({ MAP_TILE_URL: "https://tiles.example/map.png", MAP_ATTRIBUTION: "x" })).toThrow(
      ConfigurationError,
    );
    expect(() => readEnv({ MAP_TILE_URL: "ftp://tiles.example/{z}/{x}/{y}.png", MAP_ATTRIBUTION: "x" })).toThrow(
      /MAP_TILE_URL/,
    );
    expect(() => readEnv({ MAP_TILE_URL: "https://tiles.example/{z}/{x}/{y}.png" })).toThrow(/MAP_ATTRIBUTION/);
  });

  it("the Content-Security-Policy lets images come from exactly that origin", () => {
    const policy = (imageSources?: string[]) =>
      contentSecurityPolicy({
        nonce: "n",
        frameSources: [],
        formTargets: [],
        imageSources,
        secure: false,
        development: false,
      });
    const imgSrc = (header: string) => header.split("; ").find((directive) => directive.startsWith("img-src"));
    expect(imgSrc(policy(["http://127.0.0.1:4555"]))).toBe("img-src 'self' data: blob: https: http://127.0.0.1:4555");
    expect(imgSrc(policy())).toBe("img-src 'self' data: blob: https:");
  });
});
