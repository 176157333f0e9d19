import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, expect, test } from "vitest";
import { dataPaths } from "../env.server";
import { watchSqliteWrites } from "./sqlite-writes.server";

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

test("notices a commit by another connection once, and nothing when nothing was written", async () => {
  const directory = mkdtempSync(path.join(tmpdir(), "roadbook-writes-"));
  directories.push(directory);
  const file = dataPaths(directory).sqlitePath;
  const writer = new DatabaseSync(file);
  writer.exec("PRAGMA journal_mode = WAL; create table rides (id text)");
  const writes = watchSqliteWrites(file);
  try {
    expect(writes.changedSinceLastLook()).toBe(false);
    await nextTurn();
    writer.exec("insert into rides values ('r1')");
    expect(writes.changedSinceLastLook()).toBe(true);
    await nextTurn();
    expect(writes.changedSinceLastLook()).toBe(false);
    await nextTurn();
    writer.exec("begin; insert into rides values ('r2'); rollback");
    expect(writes.changedSinceLastLook()).toBe(false);
  } finally {
    writes.close();
    writer.close();
  }
});

test("looks once per event-loop turn: a write within the turn shows on the next one", async () => {
  const directory = mkdtempSync(path.join(tmpdir(), "roadbook-writes-"));
  directories.push(directory);
  const file = dataPaths(directory).sqlitePath;
  const writer = new DatabaseSync(file);
  writer.exec("PRAGMA journal_mode = WAL; create table rides (id text)");
  const writes = watchSqliteWrites(file);
  try {
    expect(writes.changedSinceLastLook()).toBe(false);
    writer.exec("insert into rides values ('r1')");
    expect(writes.changedSinceLastLook()).toBe(false);
    await nextTurn();
    expect(writes.changedSinceLastLook()).toBe(true);
  } finally {
    writes.close();
    writer.close();
  }
});
