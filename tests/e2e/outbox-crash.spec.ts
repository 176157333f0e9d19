import { randomInt } from "node:crypto";
import { createServer, type Server, type Socket } from "node:net";
import { siteRide } from "../support/fixtures";
import { type LocalSmtp, startLocalSmtp } from "../support/smtp";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { fillRegistration } from "./support/registration-form.ts";
import { type OwnServer, startOwnServer } from "./support/own-server.ts";
import { freshMobile } from "./support/fresh-mobile.ts";

// The outbox survives a crash (decision 029): a registration commits with its confirmation
// mail in the outbox; the server is killed (SIGKILL) while the mail is still being sent; the
// server started again on the same data sends it, once its claim has run out.

/** An SMTP server that accepts connections and never answers: a mail to it is in flight until the server dies. */
async function silentSmtp(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

test("a confirmation mail in flight when the server is killed is sent after it restarts", async ({ page }) => {
  const [silent, smtp] = await Promise.all([silentSmtp(), startLocalSmtp()]);
  const ownServer = await startOwnServer({ env: { SMTP_URL: silent.url, OUTBOX_CLAIM_SECONDS: "2" } });
  try {
    await registerAndKill(page, ownServer, smtp);
  } finally {
    await ownServer.stop();
    await Promise.all([silent.close(), smtp.close()]);
  }
});

async function registerAndKill(page: Page, ownServer: OwnServer, smtp: LocalSmtp) {
  const ride = await siteRide(
    ownServer.db,
    { seats: 10 },
    { title: `Coorg Coffee Trail ${randomInt(1e6)}`, startDate: "2099-02-10", endDate: "2099-02-12" },
  );
  const email = `asha-${randomInt(1e9)}@example.com`;
  await page.goto(`${ownServer.baseURL}/ride/${ride.id}/register`);
  await fillRegistration(page, { name: "Asha Rao", mobile: freshMobile(), email });
  await page.getByRole("button", { name: "Register" }).click();
  // The answer does not wait for the mail server.
  await expect(page.getByTestId("booking-status")).toHaveText("Confirmed");
  const reference = await page.getByTestId("booking-reference").textContent();

  const pending = () =>
    ownServer.db.selectFrom("outbox").select(["kind", "delivered_at"]).where("kind", "=", "registered-mail").execute();
  expect(await pending()).toEqual([{ kind: "registered-mail", delivered_at: null }]);

  // The page leaves first: a script still loading from a killed server is not what this tests.
  await page.goto("about:blank");
  await ownServer.killAndRestart({ SMTP_URL: smtp.url });

  await expect.poll(() => smtp.mails.filter((mail) => mail.to.includes(email)).length).toBe(1);
  const mail = smtp.mails.find((received) => received.to.includes(email))!;
  expect(mail.raw.replace(/=\r?\n/g, "")).toContain(reference!);
  await expect.poll(async () => (await pending())[0]?.delivered_at ?? null).not.toBeNull();
  // Its payload (the private link) is gone once sent.
  const [row] = await ownServer.db
    .selectFrom("outbox")
    .select("payload")
    .where("kind", "=", "registered-mail")
    .execute();
  expect(row?.payload).toBe("{}");
}
