import { CalendarDays, CircleAlert } from "lucide-react";
import { formatDateRange, formatIndiaDateTime } from "~/domain/dates";
import { UPCOMING_PATH } from "~/domain/links";
import { SECONDARY_CLASS } from "~/components/registration/form-controls";

/** What the friend sees of the seat a transfer link offers: the ride, the option and what was paid; nothing of its rider. */
export type TransferSeatView = {
  ride: { title: string; startDate: string; endDate: string };
  reference: string;
  option: string;
  /** The booking amount, or null when the ride has none. */
  bookingAmount: string | null;
  bookingPaid: boolean;
  /** Whether a UTR of the booking amount was given and waits for the organisers. */
  utrGiven: boolean;
  balance: { amount: string; paid: boolean; dueDate: string } | null;
  /** When the link stops working. */
  expiresAt: string;
};

function bookingLine(seat: TransferSeatView): string {
  const amount = seat.bookingAmount ? ` of ${seat.bookingAmount}` : "";
  if (seat.bookingPaid) return `The booking amount${amount} is paid.`;
  if (seat.utrGiven)
    return `The booking amount${amount} was paid by UPI; the organisers have not yet marked it received.`;
  return `The booking amount${amount} is not paid yet: you pay it from your booking page.`;
}

/** The top of the transfer page: the seat on offer and what comes with it. */
export function TransferSeat({ seat }: { seat: TransferSeatView }) {
  return (
    <header className="space-y-4">
      <div>
        <p className="text-sm font-semibold tracking-[0.2em] text-brand-600 uppercase">A seat handed to you</p>
        <h1 className="mt-1 text-3xl font-extrabold text-ink-900">{seat.ride.title}</h1>
        <p className="mt-2 flex items-center gap-1.5 text-ink-600">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
          {formatDateRange(seat.ride.startDate, seat.ride.endDate)}
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-ink-800" data-testid="transfer-seat">
        <dt className="text-ink-600">Booking</dt>
        <dd className="font-mono">{seat.reference}</dd>
        <dt className="text-ink-600">Seat</dt>
        <dd>{seat.option}</dd>
        <dt className="text-ink-600">Paid</dt>
        <dd>
          {bookingLine(seat)}
          {seat.balance
            ? seat.balance.paid
              ? ` The balance of ${seat.balance.amount} is paid.`
              : ` The balance of ${seat.balance.amount} is due${seat.balance.dueDate ? ` by ${seat.balance.dueDate}` : ""}.`
            : null}
        </dd>
      </dl>
      <p className="text-ink-700">
        Give your own details below to take the seat: it becomes your booking, with its own private page. The option is
        the seat&apos;s and cannot change. This link works until {formatIndiaDateTime(seat.expiresAt)} (India time).
      </p>
    </header>
  );
}

/** A transfer link that opens no seat, whatever the reason: one message, never an error page. */
export function TransferGone({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-extrabold text-ink-900">Transfer link not valid</h1>
      <p className="mt-4 flex items-start gap-2 text-ink-700" role="alert">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        {message}
      </p>
      <a href={UPCOMING_PATH} className={`${SECONDARY_CLASS} mt-6`}>
        See upcoming rides
      </a>
    </div>
  );
}
