import { request } from "node:http";
import { twoToneJpeg } from "../support/image-fixtures.ts";
import { createAdmin, openSqlite, sessionCookieFor } from "./support/ops-admin.ts";
import { startInstance, stopAllInstances } from "./support/ops-support.ts";
import { expect, test } from "./support/fixtures.ts";

// Graceful shutdown: on SIGTERM the server stops accepting, lets every
// request it has started finish, ends the admins' live-update streams and closes the database.
test.afterEach(stopAllInstances);

test("SIGTERM in the middle of a burst of requests: every request the server had started is answered, then it exits 0", async () => {
  const instance = await startInstance({});
  const db = openSqlite(instance.dataDir);
  const cookie = await sessionCookieFor(db, (await createAdmin(db)).userId);
  await db.destroy();

  // An admin's photo upload on a slow connection: the server has started on it (it answers
  // "100 Continue" to the headers) and it stays in flight until its last byte arrives.
  const photo = await twoToneJpeg(1200, 800);
  const upload = request(`${instance.url}/admin/images?name=slow.jpg&folder=rides`, {
    method: "POST",
    headers: { cookie, "Content-Type": "image/jpeg", "Content-Length": String(photo.length), Expect: "100-continue" },
  });
  const uploaded = new Promise<{ status: number; body: string }>((resolve, reject) => {
    upload.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    upload.on("error", reject);
  });
  await new Promise<void>((resolve) => upload.once("continue", resolve));
  upload.write(photo.subarray(0, 1_000));
  // And a burst of page views, each a real render (distinct URLs miss the page cache).
  const views = Array.from({ length: 40 }, (_, index) =>
    fetch(`${instance.url}/?burst=${index}`).then(
      async (response) => ({ status: response.status, complete: (await response.text()).includes("</html>") }),
      (error: unknown) => ({ status: 0, complete: false, error: String((error as Error).cause ?? error) }),
    ),
  );
  // In the middle of it: once the server has answered one, with the others on their way.
  await Promise.race(views);
  instance.child.kill("SIGTERM");
  await instance.waitForLine((line) => line.msg === "shutting down: finishing in-flight requests");
  await new Promise((resolve) => setTimeout(resolve, 500));
  upload.end(photo.subarray(1_000));

  const answer = await uploaded;
  expect(answer.status).toBe(201);
  expect(JSON.parse(answer.body)).toMatchObject({ url: expect.stringMatching(/^\/images\//) });
  const { code } = await instance.exited;
  expect(code).toBe(0);
  expect(instance.lines.at(-1)?.msg).toBe("shut down");
  const shutdownAt = instance.lines.findIndex((line) => line.msg === "shutting down: finishing in-flight requests");
  const afterSignal = instance.lines.slice(shutdownAt);
  expect(
    afterSignal.some((line) => line.msg === "request" && line.path === "/admin/images" && line.status === 201),
  ).toBe(true);

  // Every page view the server took (it logs each one when it ends) was answered in full.
  // The others never reached it: their connections were refused or closed before a request
  // was read, which browsers retry; none was cut off halfway.
  const taken = instance.lines.filter((line) => line.msg === "request" && line.path === "/");
  expect(taken.every((line) => line.status === 200 && !line.aborted)).toBe(true);
  const answered = (await Promise.all(views)).filter((view) => view.status === 200 && view.complete);
  expect(answered.length).toBe(taken.length);
  expect(answered.length).toBeGreaterThan(0);
});

test("once shutting down, the port refuses new connections", async () => {
  const instance = await startInstance({});
  instance.child.kill("SIGTERM");
  await instance.exited;
  await expect(fetch(`${instance.url}/healthz`)).rejects.toThrow();
});

test("open admin live-update streams end at once, so they do not hold the shutdown up", async () => {
  // A grace far longer than the test may run: only streams that end at once let it pass.
  const instance = await startInstance({ env: { SHUTDOWN_GRACE_MS: "600000" } });
  const db = openSqlite(instance.dataDir);
  const admin = await createAdmin(db);
  const cookie = await sessionCookieFor(db, admin.userId);
  await db.destroy();
  const stream = await fetch(`${instance.url}/admin/events`, { headers: { cookie, Accept: "text/event-stream" } });
  expect(stream.status).toBe(200);
  const reader = stream.body!.getReader();
  await reader.read();

  instance.child.kill("SIGTERM");
  // The stream ends (done), it is not cut off with an error.
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
  const { code } = await instance.exited;
  expect(code).toBe(0);
});
