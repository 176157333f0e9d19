import { SECONDARY_CLASS } from "~/components/registration/form-controls";
import { USE_CREDIT_INTENT } from "~/features/credit/domain/credit";

/**
 * The rider's credit offered against a booking amount they have not paid, on the booking page:
 * one press spends it (at most the booking amount), and the UPI request below then asks only for the rest.
 */
export function PayWithCredit({ href, available }: { href: string; available: string }) {
  return (
    <form
      method="post"
      action={href}
      className="flex flex-wrap items-center gap-3 rounded-card bg-success-50 p-4"
      data-testid="pay-with-credit"
    >
      <input type="hidden" name="intent" value={USE_CREDIT_INTENT} />
      <p className="text-ink-800">{`You have ${available} of credit in your account.`}</p>
      <button type="submit" className={SECONDARY_CLASS}>
        Pay with my credit
      </button>
    </form>
  );
}
