import { describe, expect, it } from "vitest";
import { dispatchFormIntent } from "./form-intent.server";

describe("dispatchFormIntent", () => {
  const formHandlers = { ping: async () => "pong" };

  it("runs the handler the form's intent names, and answers the unknown otherwise", async () => {
    expect(await dispatchFormIntent("ping", formHandlers, () => "unknown")).toBe("pong");
    for (const intent of ["pong", "", "constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(await dispatchFormIntent(intent, formHandlers, () => "unknown")).toBe("unknown");
    }
  });
});
