import { describe, expect, it } from "vitest";
import { passkeyName } from "./passkeys";

const UA = {
  androidChrome:
    "Mozilla/5.0 (Linux; Android 14; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Mobile Safari/537.36",
  androidSamsung:
    "Mozilla/5.0 (Linux; Android 14; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
  iphoneSafari:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
  iphoneChrome:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/129.0 Mobile/15E148 Safari/604.1",
  macSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
  windowsEdge:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36 Edg/129.0.0.0",
  linuxFirefox: "Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0",
};

describe("a rider's passkey's name (docs/features/rider-accounts.md)", () => {
  it.each([
    [UA.androidChrome, "Chrome on Android"],
    [UA.androidSamsung, "Samsung Internet on Android"],
    [UA.iphoneSafari, "Safari on iPhone"],
    [UA.iphoneChrome, "Chrome on iPhone"],
    [UA.macSafari, "Safari on Mac"],
    [UA.windowsEdge, "Edge on Windows"],
    [UA.linuxFirefox, "Firefox on Linux"],
    ["curl/8.5.0", "Passkey"],
    [null, "Passkey"],
  ])("names it after the browser that added it: %s", (userAgent, name) => {
    expect(passkeyName(userAgent, [])).toBe(name);
  });

  it("numbers a name the account has already", () => {
    expect(passkeyName(UA.androidChrome, ["Chrome on Android"])).toBe("Chrome on Android (2)");
    expect(passkeyName(UA.androidChrome, ["Chrome on Android", "Chrome on Android (2)"])).toBe("Chrome on Android (3)");
    expect(passkeyName(null, ["Passkey"])).toBe("Passkey (2)");
  });
});
