import { ME_PATH } from "~/domain/links";
import type { Joined } from "~/domain/riders/my-rides";

const TEXT: Record<Joined, string> = {
  joined: "This booking is now in your account: you find it under My rides.",
  yours: "This booking is in your account.",
  elsewhere: "This booking belongs to another account, so it is not in yours.",
};

/** What a signed-in rider's booking page says about the booking and their account. */
export function BookingAccountNote({ state }: { state: Joined }) {
  return (
    <p role="status" data-testid="booking-account" className="mx-auto max-w-3xl px-4 pt-6 text-ink-700 sm:px-6">
      {TEXT[state]}{" "}
      <a href={ME_PATH} className="font-semibold text-brand-700 underline">
        My rides
      </a>
    </p>
  );
}
