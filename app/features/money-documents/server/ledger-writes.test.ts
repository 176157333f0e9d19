import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Money documents are issued for the bookings a command's ledger writes touch (ledger.server.ts
// marks them: docs/features/money-documents.md). A write to booking_entries anywhere else would
// confirm a payment or refund that never gets its document: every one goes through ledger.server.ts.

const LEDGER = path.join("app", "server", "registrations", "ledger.server.ts");
const WRITE = /(insertInto|updateTable|deleteFrom)\(\s*"booking_entries"\s*\)/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("the booking ledger's writes", () => {
  it("are all in ledger.server.ts, outside tests", () => {
    const elsewhere = [...sources("app"), ...sources("server")].filter(
      (file) => file !== LEDGER && WRITE.test(readFileSync(file, "utf8")),
    );
    expect(elsewhere).toEqual([]);
  });
});
