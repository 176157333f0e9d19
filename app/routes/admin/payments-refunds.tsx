import { Link } from "react-router";
import { guardServerAction } from "~/components/admin/action-result";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { UpiRefundForm } from "~/components/admin/refunds/upi-refund-form";
import { useRiderAction } from "~/components/admin/riders/use-rider-action";
import { ridersHref } from "~/domain/admin-links";
import type { RefundDue } from "~/domain/payments/refunds-due";
import { formatIndianTime } from "~/domain/indian-time";
import { loadAdminPage } from "~/server/admin/load-page.server";
import { adminActionContext } from "~/server/admin/respond.server";
import { refundsDue } from "~/server/payments/refunds-due.server";
import { refundsAction } from "./payments-refunds.server";
import type { Route } from "./+types/payments-refunds";

export const meta: Route.MetaFunction = () => [{ title: "Refunds · Roadbook Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  return loadAdminPage(context, {
    what: "the refunds",
    load: async (db) => ({ refunds: await refundsDue(db) }),
    fallback: { refunds: [] as RefundDue[] },
    loadError: "Error loading the refunds: please try again",
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return refundsAction(request, adminActionContext(context));
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return guardServerAction(request, serverAction, () => "The refund could not be recorded: check your connection");
}

/**
 * Every refund the organisers still see through, across rides (docs/features/refunds.md): UPI
 * ones to send and record by their UTR, online ones on their way, online ones that failed.
 */
export default function RefundsPage({ loaderData }: Route.ComponentProps) {
  const [flash, show] = useAdminPage(loaderData.loadError);
  const { run, pending } = useRiderAction(show);
  const { refunds } = loaderData;
  return (
    <AdminPage
      title="Refunds"
      intro="Refunds waiting: send a UPI refund from your UPI app, then record its UTR here. Online refunds go through Razorpay by themselves."
      flash={flash}
    >
      {refunds.length === 0 ? (
        <p className="text-ink-700">No refund is waiting.</p>
      ) : (
        <ul className="space-y-3" aria-label="Refunds">
          {refunds.map((refund) => (
            <li
              key={refund.entryId}
              data-testid="refund"
              className="space-y-2 rounded-card border border-ink-200 bg-white p-4 shadow-card"
            >
              <p className="flex flex-wrap items-baseline gap-x-3">
                <span className="font-mono font-semibold text-ink-900">{refund.booking}</span>
                <span className="font-semibold text-ink-900">{refund.amount}</span>
                <span className="text-ink-700">{refund.method === "upi" ? "UPI" : "Online"}</span>
              </p>
              <p className="text-sm text-ink-700">
                <Link to={ridersHref(refund.rideId)} className="text-brand-700 underline">
                  {refund.rideTitle}
                </Link>
                {" · since "}
                <time dateTime={refund.since}>{formatIndianTime(refund.since)}</time>
              </p>
              {refund.method === "upi" && refund.state === "pending" ? (
                <UpiRefundForm refund={refund} run={run} pending={pending} />
              ) : (
                <p className={`text-sm font-semibold ${refund.state === "failed" ? "text-red-700" : "text-amber-800"}`}>
                  {refund.stateLabel}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
