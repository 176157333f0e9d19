import { startInstance, stopAllInstances } from "./support/ops-support.ts";
import { expect, test } from "./support/fixtures.ts";

// Start-up and health: a wrong configuration stops the process at once
// with a message a person can act on; a healthy one answers its probes.
test.afterEach(stopAllInstances);

async function failedStart(env: Record<string, string | undefined>, port?: number) {
  const started = Date.now();
  const instance = await startInstance({ port, env, waitFor: "nothing" });
  const { code } = await instance.exited;
  return { code, stderr: instance.stderr(), lines: instance.lines, ms: Date.now() - started };
}

test("a bad configuration stops the process with exit code 1 and a readable list of what is wrong", async () => {
  const result = await failedStart({ PORT: "not-a-port", DATABASE_URL: "mysql://root@localhost/roadbook" });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("Invalid configuration:");
  expect(result.stderr).toContain("PORT:");
  expect(result.stderr).toContain("DATABASE_URL must be a postgres:// URL");
  // A message, not a stack trace to dig through, and nothing half-started.
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.lines.some((line) => line.msg === "ready")).toBe(false);
  expect(result.ms).toBeLessThan(15_000);

  const halfKey = await failedStart({ S3_BUCKET: "uploads", S3_ACCESS_KEY_ID: "only-half-of-a-key" });
  expect(halfKey.code).toBe(1);
  expect(halfKey.stderr).toContain("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together");
});

test("production refuses to start without PUBLIC_URL unless it listens on this machine only (decision 043)", async () => {
  const result = await failedStart({ HOST: "0.0.0.0", PUBLIC_URL: undefined });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("PUBLIC_URL must be set in production");
  expect(result.lines.some((line) => line.msg === "ready")).toBe(false);
});

test("a missing production build is named, with the command that makes it", async () => {
  const result = await failedStart({ BUILD_DIR: "no-such-build-dir" });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("Cannot load the production build");
  expect(result.stderr).toContain("npm run build");
});

test("a port already in use stops the process with a logged reason", async () => {
  const first = await startInstance({});
  const second = await failedStart({}, first.port);
  expect(second.code).toBe(1);
  expect(second.lines.find((line) => line.msg === "cannot listen")).toMatchObject({
    level: 60,
    err: { code: "EADDRINUSE" },
  });
});

test("probes: /healthz says the process is alive, /readyz that it can take traffic; neither is cached", async () => {
  const instance = await startInstance({ env: { LOG_LEVEL: "debug" } });
  for (const probe of ["/healthz", "/readyz"]) {
    const response = await fetch(`${instance.url}${probe}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-request-id")).toBeTruthy();
  }
  // Probes run every few seconds: debug level, out of the info log.
  await instance.waitForLine((line) => line.path === "/readyz");
  expect(
    instance.lines
      .filter((line) => line.msg === "request" && line.path === "/readyz")
      .every((line) => line.level === 20),
  ).toBe(true);
});

test("every request gets one JSON access line with its id, method, path, status and duration", async () => {
  const instance = await startInstance({});
  const response = await fetch(`${instance.url}/about?utm_source=test`);
  const requestId = response.headers.get("x-request-id");
  const line = await instance.waitForLine((entry) => entry.msg === "request" && entry.requestId === requestId);
  expect(line).toMatchObject({ level: 30, method: "GET", path: "/about", status: 200 });
  expect(typeof line.ms).toBe("number");
});
