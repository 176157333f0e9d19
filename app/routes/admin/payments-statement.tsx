import { useState } from "react";
import { useActionData, useNavigation } from "react-router";
import { guardServerAction } from "~/components/admin/action-result";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { FormAnswer } from "~/components/admin/form-answer";
import { MappingForm } from "~/components/admin/statement/mapping-form";
import { StatementResult } from "~/components/admin/statement/statement-result";
import { UploadForm } from "~/components/admin/statement/upload-form";
import { statementAction } from "~/routes/admin/payments-statement.server";
import { adminActionContext } from "~/server/admin/respond.server";
import type { Route } from "./+types/payments-statement";

export const meta: Route.MetaFunction = () => [{ title: "Bank Statement · Roadbook Admin" }];

/** Nothing to load: the page starts at the upload, and each step is the answer to a post. */
export function loader() {
  return { loadError: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  return statementAction(request, adminActionContext(context));
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return guardServerAction(request, serverAction, () => "The statement could not be sent: check your connection");
}

/**
 * A bank statement's UPI credits matched to what the upcoming rides' bookings owe
 * (docs/features/bank-statements.md, Screens): upload, columns, matches confirmed in one press.
 */
export default function StatementPage({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<typeof clientAction>();
  // The steps live in the posts' answers, and a live update (another admin's change, this
  // page's own confirm) reloads the page's data, which forgets the last answer: keep it shown.
  const [kept, setKept] = useState(posted);
  if (posted !== undefined && posted !== kept) setKept(posted);
  const answer = (posted ?? kept) as typeof posted;
  const [flash] = useAdminPage(loaderData.loadError);
  const busy = useNavigation().state !== "idle";
  const step = answer && "step" in answer ? answer : undefined;
  return (
    <AdminPage
      title="Bank Statement"
      intro="Upload your bank's statement to mark the UPI payments it shows as received."
      flash={flash}
    >
      <FormAnswer answer={answer} />
      {step?.step === "mapping" ? <MappingForm key={step.csv.length} {...step} busy={busy} /> : null}
      {step?.step === "result" ? <StatementResult {...step} busy={busy} /> : null}
      <UploadForm busy={busy} error={step?.step === "upload" ? step.message : undefined} />
    </AdminPage>
  );
}
