import { EventEmitter } from "node:events";
import pg from "pg";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type ContentChange, type ContentListener, notifyContentChanged } from "~/server/content-events.server";
import {
  type ContentBridge,
  channelFor,
  publishContentChanges,
  startContentBridge,
} from "~/server/content-events-pg.server";
import { type TestDatabase, openTestDatabase } from "../support/databases";
import { TEST_DATABASE_URL, TEST_ENGINES, withAdminClient } from "../support/postgres";
import { startPostgresRelay } from "../support/postgres-relay";

// Two "instances" in one process: each has its own local change events and its own bridge,
// and they meet only in PostgreSQL, as separate servers would.

type Instance = { bridge: ContentBridge; received: ContentChange[]; notify(change: ContentChange): void };

const silent = pino({ level: "silent" });
const rideCreated: ContentChange = { collection: "rides", id: "r1", action: "created" };

function localEvents() {
  const emitter = new EventEmitter<{ change: [ContentChange] }>();
  return {
    notify: (change: ContentChange) => void emitter.emit("change", change),
    subscribe: (listener: ContentListener) => {
      emitter.on("change", listener);
      return () => void emitter.off("change", listener);
    },
  };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(TEST_ENGINES.includes("postgres"))("content changes across instances (PostgreSQL LISTEN/NOTIFY)", () => {
  let database: TestDatabase;
  const instances: Instance[] = [];

  async function startInstance(name: string, db = database.db): Promise<Instance> {
    const local = localEvents();
    const received: ContentChange[] = [];
    local.subscribe((change) => received.push(change));
    const bridge = await startContentBridge({
      db,
      connection: { connectionString: TEST_DATABASE_URL, application_name: name },
      logger: silent,
      local,
      retryDelayMs: { initial: 50, max: 500 },
    });
    const instance = { bridge, received, notify: local.notify };
    instances.push(instance);
    return instance;
  }

  beforeEach(async () => {
    database = await openTestDatabase("postgres");
  });

  afterEach(async () => {
    await Promise.all(instances.splice(0).map((instance) => instance.bridge.close()));
    await database.close();
  });

  test("a change on one instance reaches the other once, and is not echoed back", async () => {
    const a = await startInstance("bridge-test-a");
    const b = await startInstance("bridge-test-b");
    a.notify(rideCreated);
    await until(() => b.received.length === 1);
    expect(b.received).toEqual([rideCreated]);
    // Long enough for an echo (B publishing A's change back) to have come round.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(a.received).toEqual([rideCreated]);
    expect(b.received).toEqual([rideCreated]);
  });

  test("exactly one notification is published per change, whoever relays it", async () => {
    const channel = await channelFor(database.db);
    await withAdminClient(async (observer) => {
      const heard: string[] = [];
      observer.on("notification", (message) => heard.push(message.payload ?? ""));
      await observer.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      const a = await startInstance("bridge-test-a");
      const b = await startInstance("bridge-test-b");
      a.notify(rideCreated);
      await until(() => b.received.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toHaveLength(1);
    });
  });

  test("a dropped listening connection is re-established, and local caches hear that they may be stale", async () => {
    const a = await startInstance("bridge-test-a");
    const b = await startInstance("bridge-test-b");
    const terminated = await withAdminClient((client) =>
      client.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'bridge-test-b'"),
    );
    expect(terminated.rowCount).toBe(1);
    // Changes sent while B was deaf are lost: B tells its listeners everything may have changed.
    await until(() => b.received.some((change) => change.action === "replaced" && change.id === null));
    await until(() => b.bridge.isListening());
    b.received.length = 0;
    a.notify(rideCreated);
    await until(() => b.received.length === 1);
    expect(b.received).toEqual([rideCreated]);
  });

  test("an instance started while PostgreSQL is unreachable starts anyway and listens once it can", async () => {
    const relay = await startPostgresRelay();
    try {
      relay.cut();
      const local = localEvents();
      const received: ContentChange[] = [];
      local.subscribe((change) => received.push(change));
      const late = await startContentBridge({
        db: database.db,
        connection: { connectionString: relay.urlFor(TEST_DATABASE_URL), application_name: "bridge-test-late" },
        logger: silent,
        local,
        retryDelayMs: { initial: 50, max: 200 },
      });
      instances.push({ bridge: late, received, notify: local.notify });
      expect(late.isListening()).toBe(false);
      relay.restore();
      await until(() => late.isListening());
      const a = await startInstance("bridge-test-a");
      a.notify(rideCreated);
      await until(() => received.some((change) => change.id === "r1"));
    } finally {
      await relay.close();
    }
  });

  test("instances in different schemas of one database do not hear each other", async () => {
    const other = await openTestDatabase("postgres");
    try {
      const a = await startInstance("bridge-test-a");
      const stranger = await startInstance("bridge-test-other", other.db);
      const b = await startInstance("bridge-test-b");
      a.notify(rideCreated);
      await until(() => b.received.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stranger.received).toEqual([]);
    } finally {
      await Promise.all(instances.splice(0).map((instance) => instance.bridge.close()));
      await other.close();
    }
  });

  test("a malformed notification is ignored", async () => {
    const b = await startInstance("bridge-test-b");
    const channel = await channelFor(database.db);
    await withAdminClient(async (client) => {
      await client.query("select pg_notify($1, $2)", [channel, "not json"]);
      await client.query("select pg_notify($1, $2)", [
        channel,
        JSON.stringify({ instance: "x", change: { collection: "users", id: null, action: "created" } }),
      ]);
      await client.query("select pg_notify($1, $2)", [channel, JSON.stringify({ instance: "x", change: rideCreated })]);
    });
    await until(() => b.received.length === 1);
    expect(b.received).toEqual([rideCreated]);
  });

  test("a process that writes content without serving it (content:import) is heard by running instances", async () => {
    const b = await startInstance("bridge-test-b");
    const stopPublishing = await publishContentChanges(database.db);
    notifyContentChanged({ collection: "rides", id: null, action: "replaced" });
    await stopPublishing();
    notifyContentChanged(rideCreated);
    await until(() => b.received.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(b.received).toEqual([{ collection: "rides", id: null, action: "replaced" }]);
  });
});
