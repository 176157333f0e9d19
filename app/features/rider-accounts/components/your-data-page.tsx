import { CheckCircle2, Download, TriangleAlert } from "lucide-react";
import { formatRupees } from "~/domain/registration/balance";
import { ME_DATA_EXPORT_PATH, ME_DATA_PATH, ME_DETAILS_PATH } from "~/domain/links";
import { ErrorSummary } from "~/components/form/error-summary";
import { SECONDARY_CLASS, TextField } from "~/components/registration/form-controls";
import { BackToMyRides } from "./back-to-my-rides";

// "Your data" (/me/data, docs/features/rider-data.md): what the site keeps and for how long, the
// export, and the erasure of the account: plain links and a plain form, without JavaScript.

export type YourDataProps =
  | { erased: true; retention: string[] }
  | { erased: false; retention: string[]; email: string; creditLeftPaise: number };

const DANGER_CLASS =
  "inline-flex min-h-11 items-center justify-center rounded-xl bg-red-700 px-5 font-semibold text-white transition hover:bg-red-800";

function Retention({ points }: { points: string[] }) {
  return (
    <section aria-labelledby="retention-title" className="space-y-2">
      <h2 id="retention-title" className="text-xl font-bold text-ink-900">
        What we keep, and for how long
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-ink-700">
        {points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </section>
  );
}

export function YourDataPage(
  props: YourDataProps & { confirmField: string; refused?: { typed: string; error: string } },
) {
  if (props.erased) {
    return (
      <div className="mx-auto max-w-2xl space-y-6 px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-extrabold text-ink-900">Your account is erased</h1>
        <p role="status" className="flex gap-2 rounded-xl bg-success-50 p-4 font-semibold text-success-600">
          <CheckCircle2 aria-hidden="true" className="size-5 shrink-0" />
          Your account, its saved details, passkeys and credit are gone, and your bookings&apos; personal details are
          erased. You are signed out.
        </p>
      </div>
    );
  }
  const { retention, email, creditLeftPaise, confirmField, refused } = props;
  return (
    <div className="mx-auto max-w-2xl space-y-8 px-4 py-10 sm:px-6">
      <BackToMyRides />
      <header>
        <h1 className="text-3xl font-extrabold text-ink-900">Your data</h1>
        <p className="mt-3 text-ink-700">
          Your account is <strong>{email}</strong>. Your saved details are under{" "}
          <a href={ME_DETAILS_PATH} className="font-semibold text-brand-700 underline underline-offset-4">
            Your details
          </a>
          .
        </p>
      </header>
      <Retention points={retention} />
      <section aria-labelledby="export-title" className="space-y-3">
        <h2 id="export-title" className="text-xl font-bold text-ink-900">
          Download your data
        </h2>
        <p className="text-ink-700">
          A file (JSON) with your account, saved details, every booking with your answers and payments, your credit and
          your passkeys&apos; names.
        </p>
        <a href={ME_DATA_EXPORT_PATH} download className={`${SECONDARY_CLASS} gap-2`}>
          <Download aria-hidden="true" className="size-5" />
          Download my data
        </a>
      </section>
      <section aria-labelledby="erase-title" className="space-y-3 border-t border-ink-200 pt-6">
        <h2 id="erase-title" className="text-xl font-bold text-ink-900">
          Erase my account
        </h2>
        <p className="text-ink-700">
          Your bookings of rides still to come are cancelled and their seats freed; the personal details of all your
          bookings are erased; your account, saved details, passkeys and sign-in links are deleted. This cannot be
          undone.
        </p>
        {creditLeftPaise > 0 ? (
          <p className="flex gap-2 rounded-xl bg-amber-50 p-4 font-semibold text-amber-900">
            <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
            You have {formatRupees(creditLeftPaise)} of credit left: it is forfeited when your account is erased.
          </p>
        ) : null}
        <form method="post" action={ME_DATA_PATH} noValidate className="space-y-4" aria-label="Erase my account">
          {refused ? <ErrorSummary errors={{ [confirmField]: refused.error }} order={[confirmField]} /> : null}
          <TextField
            name={confirmField}
            label="Type your account's email address to confirm"
            type="email"
            autoComplete="off"
            maxLength={254}
            defaultValue={refused?.typed ?? ""}
            error={refused?.error}
          />
          <button type="submit" className={DANGER_CLASS}>
            Erase my account
          </button>
        </form>
      </section>
    </div>
  );
}
