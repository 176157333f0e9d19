import { SECONDARY_CLASS } from "~/components/registration/form-controls";
import { ME_PATH } from "~/domain/links";
import { JOIN_INTENT, type Joined } from "~/features/rider-accounts/domain/my-rides";

const TEXT: Record<Joined, string> = {
  joined: "This booking is now in your account: you find it under My rides.",
  yours: "This booking is in your account.",
  elsewhere: "This booking belongs to another account, so it is not in yours.",
  offered: "This booking is not in your account yet.",
  "other-email": "This booking was made with another email address than your account's, so it is not in your account.",
};

/**
 * What a signed-in rider's booking page says about the booking and their account; for a booking
 * of the account's address in none, a button that adds it (a plain form posted to the page itself).
 */
export function BookingAccountNote({ state }: { state: Joined }) {
  if (state === "offered") {
    return (
      <form method="post" className="mx-auto flex max-w-3xl flex-wrap items-center gap-3 px-4 pt-6 sm:px-6">
        <p className="text-ink-700">{TEXT.offered}</p>
        <button type="submit" name="intent" value={JOIN_INTENT} className={SECONDARY_CLASS}>
          Add it to My rides
        </button>
      </form>
    );
  }
  return (
    <p role="status" data-testid="booking-account" className="mx-auto max-w-3xl px-4 pt-6 text-ink-700 sm:px-6">
      {TEXT[state]}{" "}
      <a href={ME_PATH} className="font-semibold text-brand-700 underline">
        My rides
      </a>
    </p>
  );
}
