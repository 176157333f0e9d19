import { Island } from "~/islands/island";
import { FIND_BOOKING_PATH, ME_DATA_PATH, ME_DETAILS_PATH, ME_PASSPORT_PATH, ME_PATH } from "~/domain/links";
import type { MyRide, MyRides } from "~/features/rider-accounts/domain/my-rides";
import type { CreditSummary } from "~/features/credit/domain/credit";
import { formatRupees } from "~/domain/registration/balance";
import { SECONDARY_CLASS } from "~/components/registration/form-controls";
import { ReceiptsList } from "~/features/money-documents/components/receipts-list";
import { myDocumentHref } from "~/features/money-documents/domain/links";
import { RiderPasskeyButton } from "./rider-passkey-button";

type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

/** The rider's other pages (built beside this one): saved details, their data, the passport. */
const ACCOUNT_LINKS = [
  { href: ME_DETAILS_PATH, label: "Saved details" },
  { href: ME_DATA_PATH, label: "Your data: export and erase" },
  { href: ME_PASSPORT_PATH, label: "Ride passport" },
] as const;

function Payments({ ride }: { ride: MyRide }) {
  const lines: string[] = [];
  const { booking } = ride;
  if (booking) {
    const state = booking.paid
      ? "paid"
      : booking.credit
        ? `${booking.credit} paid with credit, ${booking.left} to pay`
        : "not paid yet";
    lines.push(`Booking amount ${booking.amount}: ${state}`);
  }
  if (ride.balance) {
    const due = ride.balance.dueDate ? `, due by ${ride.balance.dueDate}` : "";
    lines.push(
      `Balance ${ride.balance.amount}: ${ride.balance.paid ? "paid" : `${ride.balance.overdue ? "overdue" : "to pay"}${due}`}`,
    );
  }
  if (ride.refunds) lines.push(`Refunds: ${ride.refunds}`);
  if (lines.length === 0) return null;
  return (
    <ul className="mt-1 text-sm text-ink-700">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function RideList({ title, rides, empty }: { title: string; rides: MyRide[]; empty: string }) {
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="text-xl font-bold text-ink-900">{title}</h2>
      {rides.length === 0 ? (
        <p className="text-ink-600">{empty}</p>
      ) : (
        <ul className="space-y-3">
          {rides.map((ride) => (
            <li key={ride.reference} className="rounded-xl border border-ink-100 p-4">
              <p className="font-semibold text-ink-900">{ride.rideTitle}</p>
              <p className="text-sm text-ink-600">
                {ride.dates ? `${ride.dates} · ` : ""}Booking {ride.reference} · {ride.statusLabel}
              </p>
              <Payments ride={ride} />
              {ride.documents.length > 0 ? (
                <div className="mt-2">
                  <p className="text-sm font-semibold text-ink-800">Receipts</p>
                  <ReceiptsList documents={ride.documents} href={myDocumentHref} />
                </div>
              ) : null}
              {ride.href ? (
                <a href={ride.href} className="mt-2 inline-block font-semibold text-brand-700 underline">
                  Open booking {ride.reference}
                </a>
              ) : (
                <p className="mt-2 text-sm text-ink-600">
                  Its link is in the mail you got when you registered, or{" "}
                  <a href={FIND_BOOKING_PATH} className="font-semibold text-brand-700 underline">
                    find my booking
                  </a>
                  .
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The rider's credit (docs/features/credit.md): what they can spend on their next booking, and
 * what waits for the organisers to confirm. Nothing when they have none of either.
 */
function Credit({ credit }: { credit: CreditSummary }) {
  if (credit.leftPaise === 0 && credit.pendingPaise === 0) return null;
  return (
    <section aria-labelledby="credit" className="rounded-xl border border-ink-100 p-4">
      <h2 id="credit" className="text-xl font-bold text-ink-900">
        Credit
      </h2>
      {credit.leftPaise > 0 ? (
        <p className="mt-1 text-ink-700">
          <span className="font-semibold">{formatRupees(credit.leftPaise)}</span> to use on your next booking: the
          registration form offers it while you are signed in.
        </p>
      ) : null}
      {credit.pendingPaise > 0 ? (
        <p className="mt-1 text-ink-700">
          {formatRupees(credit.pendingPaise)} from a cancelled booking waits for the organisers to confirm it.
        </p>
      ) : null}
    </section>
  );
}

/** /me signed in: My rides, the rider's credit, their other pages, passkeys and signing out. */
export function RiderAccountPage({
  email,
  rides,
  passkeys,
  notice,
  credit,
  refused,
}: {
  email: string;
  rides: MyRides;
  passkeys: Passkey[];
  notice: string | null;
  credit: CreditSummary;
  /** A post this page refused (a passkey not on the account, an unknown intent): what was wrong. */
  refused?: string;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold text-ink-900">My rides</h1>
          <p className="mt-2 text-ink-700">
            Signed in as <span data-testid="rider-email">{email}</span>
          </p>
        </div>
        <form method="post" action={ME_PATH} className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="sign-out" className={SECONDARY_CLASS}>
            Sign out
          </button>
          {/* A phone lost or lent: every session of the account ends, this one too. */}
          <button type="submit" name="intent" value="sign-out-everywhere" className={SECONDARY_CLASS}>
            Sign out everywhere
          </button>
        </form>
      </header>
      {refused ? (
        <p role="alert" className="rounded-xl border-2 border-red-600 bg-red-50 p-4 font-semibold text-red-900">
          {refused}
        </p>
      ) : notice ? (
        <p role="status" className="rounded-xl bg-success-50 p-4 font-semibold text-success-600">
          {notice}
        </p>
      ) : null}
      <RideList title="Upcoming rides" rides={rides.upcoming} empty="No upcoming rides booked with this account yet." />
      <Credit credit={credit} />
      <p className="text-sm text-ink-600">
        A booking made before you signed in joins your account when you open its private link while signed in.
      </p>
      <RideList title="Past rides" rides={rides.past} empty="No past rides yet." />
      <nav aria-label="Your account">
        <h2 className="text-xl font-bold text-ink-900">Your account</h2>
        <ul className="mt-3 space-y-2">
          {ACCOUNT_LINKS.map((link) => (
            <li key={link.href}>
              <a href={link.href} className="font-semibold text-brand-700 underline">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="passkeys" className="space-y-3">
        <h2 id="passkeys" className="text-xl font-bold text-ink-900">
          Passkeys
        </h2>
        <p className="text-ink-700">
          A passkey signs you in on this phone or computer with its fingerprint, face or PIN, without a mailed link.
        </p>
        {passkeys.length > 0 ? (
          <ul className="space-y-2">
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3">
                <span>
                  {passkey.name}, added {passkey.createdAt.slice(0, 10)}
                </span>
                <form method="post" action={ME_PATH}>
                  <input type="hidden" name="intent" value="remove-passkey" />
                  <input type="hidden" name="passkey" value={passkey.id} />
                  <button type="submit" className={SECONDARY_CLASS} aria-label={`Remove ${passkey.name}`}>
                    Remove
                  </button>
                </form>
              </li>
            ))}
          </ul>
        ) : null}
        {/* Not drawn until it works (WebAuthn needs script), so no one can reach for it first: it
            hydrates at load, on a rider's own page. */}
        <Island name="rider-passkey" component={RiderPasskeyButton} props={{ mode: "add" }} hydrate="load" />
      </section>
    </div>
  );
}
