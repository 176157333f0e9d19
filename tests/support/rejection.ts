// For Vitest suites: the error a promise must end with.
import { expect } from "vitest";

/** Awaits `work`, which must fail with an error of `type`, and returns that error. */
export async function rejectionOf<E>(work: Promise<unknown>, type: abstract new (...args: never[]) => E): Promise<E> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}
