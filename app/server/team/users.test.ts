import { expect, it, vi } from "vitest";
import { PASSWORD_COST, hashPassword, verifyPassword } from "../auth/password.server";
import { describeEachEngine } from "../../../tests/support/databases";
import { snapshot } from "../../../tests/support/fixtures";
import { NotFoundError, ValidationError } from "../validation/errors.server";
import { createOrPromoteAdmin, findUserByEmail, getUser, recordLogin, verifyUserPassword } from "./users.server";

it("hashes with scrypt, a random salt per hash and the parameters in the string", async () => {
  const [a, b] = [await hashPassword("correct horse"), await hashPassword("correct horse")];
  expect(a).toMatch(/^scrypt\$ln=\d+,r=\d+,p=\d+\$[\w-]{22}\$[\w-]{43}$/);
  expect(a).not.toBe(b);
  expect(await verifyPassword("correct horse", a)).toBe(true);
  expect(await verifyPassword("correct horsf", a)).toBe(false);
  expect(await verifyPassword("correct horse", "plain-text")).toBe(false);
  expect(await verifyPassword("correct horse", a.replace(/ln=\d+/, "ln=40"))).toBe(false);
});

it("hashes at OWASP's scrypt cost outside the test runner, and a hash verifies at the cost it names", async () => {
  const production = await hashPassword("correct horse", PASSWORD_COST);
  expect(production).toMatch(/^scrypt\$ln=15,r=8,p=3\$/);
  expect(await verifyPassword("correct horse", production)).toBe(true);
  expect(await verifyPassword("correct horse", production.replace("ln=15", "ln=14"))).toBe(false);
});

/** Every hash a password was verified against, in order: what a sign-in costs is one scrypt run each. */
const verifiedHashes = vi.hoisted(() => [] as string[]);
vi.mock("../auth/password.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../auth/password.server")>();
  return {
    ...actual,
    verifyPassword: (password: string, encoded: string) => {
      verifiedHashes.push(encoded);
      return actual.verifyPassword(password, encoded);
    },
  };
});

describeEachEngine("users service", (getDb) => {
  it("creates an admin with a normalised email and never stores the password itself", async () => {
    const { user, created } = await createOrPromoteAdmin(getDb(), {
      email: "  Asha@Example.COM ",
      password: "ride-safe-2027",
      displayName: "Asha",
    });
    expect(created).toBe(true);
    expect(user).toMatchObject({ email: "asha@example.com", displayName: "Asha", role: "owner", lastLoginAt: null });
    expect(await getUser(getDb(), user.id)).toEqual(user);
    expect(await findUserByEmail(getDb(), "ASHA@example.com")).toEqual(user);
    const row = await getDb().selectFrom("users").selectAll().executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain("ride-safe-2027");
  });

  it("promotes an existing account, setting the new password and keeping its name when none is given", async () => {
    const { user } = await createOrPromoteAdmin(getDb(), {
      email: "ravi@example.com",
      password: "first-password",
      displayName: "Ravi",
    });
    await getDb().updateTable("users").set({ role: "member" }).execute();
    const promoted = await createOrPromoteAdmin(getDb(), { email: "RAVI@example.com", password: "second-password" });
    expect(promoted).toMatchObject({ created: false, user: { id: user.id, role: "owner", displayName: "Ravi" } });
    expect(await verifyUserPassword(getDb(), "ravi@example.com", "first-password")).toBeNull();
    expect(await verifyUserPassword(getDb(), "ravi@example.com", "second-password")).toMatchObject({ id: user.id });
  });

  it.each([
    ["a missing email", { password: "long-enough" }, "email", "Email is required"],
    ["an invalid email", { email: "ravi", password: "long-enough" }, "email", "Please enter a valid email address"],
    [
      "a short password",
      { email: "ravi@example.com", password: "short" },
      "password",
      "Password must be at least 8 characters",
    ],
  ])("refuses %s, writing nothing", async (_case, input, path, message) => {
    const before = await snapshot(getDb());
    const error = await createOrPromoteAdmin(getDb(), input as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors[path]).toBe(message);
    expect(await snapshot(getDb())).toEqual(before);
  });

  it("verifies passwords, answering null for a wrong password or an unknown email", async () => {
    const { user } = await createOrPromoteAdmin(getDb(), { email: "meera@example.com", password: "western-ghats" });
    expect(await verifyUserPassword(getDb(), " Meera@Example.com", "western-ghats")).toEqual(user);
    expect(await verifyUserPassword(getDb(), "meera@example.com", "Western-ghats")).toBeNull();
    expect(await verifyUserPassword(getDb(), "nobody@example.com", "western-ghats")).toBeNull();
  });

  it("an unknown email costs one scrypt run at a real account's cost, so response time does not reveal which emails exist", async () => {
    await createOrPromoteAdmin(getDb(), { email: "meera@example.com", password: "western-ghats" });
    verifiedHashes.length = 0;
    expect(await verifyUserPassword(getDb(), "nobody@example.com", "wrong-password")).toBeNull();
    expect(await verifyUserPassword(getDb(), "meera@example.com", "wrong-password")).toBeNull();
    const costs = verifiedHashes.map((hash) => hash.split("$")[1]);
    expect(costs).toHaveLength(2);
    expect(costs[0]).toBe(costs[1]);
  });

  it("records the last sign-in", async () => {
    const { user } = await createOrPromoteAdmin(getDb(), { email: "meera@example.com", password: "western-ghats" });
    const signedIn = await recordLogin(getDb(), user.id);
    expect(signedIn.lastLoginAt).toMatch(/Z$/);
    expect(await getUser(getDb(), user.id)).toEqual(signedIn);
    await expect(recordLogin(getDb(), "no-such-user")).rejects.toBeInstanceOf(NotFoundError);
    expect(await getUser(getDb(), "no-such-user")).toBeNull();
  });
});
