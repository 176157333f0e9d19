import { Form, data, useActionData, useNavigation } from "react-router";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { FormAnswer } from "~/components/admin/form-answer";
import { CheckboxField, InputField, SelectField, TextAreaField } from "~/components/form/controls";
import { servicesContext } from "~/context";
import { indianDateOf } from "~/domain/indian-time";
import { formatRate } from "~/features/money-documents/domain/gst";
import { INDIAN_STATES } from "~/features/money-documents/domain/states";
import { saveDocumentSettings } from "~/features/money-documents/server/commands.server";
import { readDocumentSettings } from "~/features/money-documents/server/settings.server";
import { readAdminForm, unreadableForm } from "~/server/admin/read-form.server";
import { adminActionContext } from "~/server/admin/respond.server";
import { adminContext } from "~/server/auth/admin-session.server";
import { hasRole } from "~/domain/roles";
import { serverClock } from "~/server/clock.server";
import { ValidationError } from "~/server/validation/errors.server";
import type { Route } from "./+types/document-settings";

// /admin/payments/documents (docs/features/money-documents.md): the organiser's GST settings,
// changed by owners only (what the site issues in their name), read by editors, and the
// accountant's monthly export.

const STATE_CHOICES = [
  { value: "", label: "Choose a state" },
  ...INDIAN_STATES.map((state) => ({ value: state.code, label: state.name })),
];
const buttonClass = "inline-flex min-h-11 items-center rounded-md px-4 font-semibold disabled:opacity-50";

export const meta: Route.MetaFunction = () => [{ title: "Receipts and GST · Roadbook Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const settings = await readDocumentSettings(db);
  const owner = hasRole(context.get(adminContext).role, "owner");
  return { settings, owner, thisMonth: indianDateOf(serverClock()).slice(0, 7), loadError: null };
}

type Answer = { ok: boolean; message: string; errors?: Record<string, string>; values?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const { actor } = adminActionContext(context);
  const read = await readAdminForm(request);
  if (!read.ok) return unreadableForm(read);
  const values: Record<string, string> = {};
  for (const [key, value] of read.form) if (typeof value === "string") values[key] = value;
  try {
    const saved = await saveDocumentSettings(db, values, actor);
    return data<Answer>({
      ok: true,
      message: saved.gstMode ? "Saved: GST mode is on for the next documents." : "Saved: payment and refund receipts.",
    });
  } catch (error) {
    if (error instanceof ValidationError) {
      return data<Answer>(
        { ok: false, message: "Some fields need a look.", errors: error.errors, values },
        { status: 400 },
      );
    }
    throw error;
  }
}

export default function DocumentSettingsPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const [flash] = useAdminPage(loaderData.loadError);
  const busy = useNavigation().state !== "idle";
  const errors = (answer && "errors" in answer ? answer.errors : undefined) ?? {};
  const posted = answer && "values" in answer ? answer.values : undefined;
  const { settings } = loaderData;
  const value = (name: string, saved: string) => posted?.[name] ?? saved;
  return (
    <AdminPage
      title="Receipts and GST"
      intro="Every payment and refund gets a numbered document the rider downloads and receives by mail."
      flash={flash}
    >
      <FormAnswer answer={answer && "ok" in answer ? answer : undefined} />
      <Form method="post" className="space-y-4 rounded-card bg-white p-5 shadow-card" aria-label="GST settings">
        <h2 className="font-display text-xl font-bold text-ink-900">GST</h2>
        {loaderData.owner ? null : <p className="text-ink-700">Only an owner can change these settings.</p>}
        <CheckboxField
          id="gstMode"
          name="gstMode"
          label="Issue GST documents"
          hint="Receipt vouchers for advances, a tax invoice when the ride starts or the booking is paid in full, refund vouchers. Off: a payment receipt or refund receipt each time."
          defaultChecked={posted ? posted.gstMode === "on" : settings.gstMode}
          error={errors.gstMode}
        />
        <InputField
          id="legalName"
          name="legalName"
          label="Legal name"
          maxLength={200}
          optional
          defaultValue={value("legalName", settings.legalName)}
          error={errors.legalName}
        />
        <TextAreaField
          id="address"
          name="address"
          label="Address"
          maxLength={500}
          rows={3}
          optional
          defaultValue={value("address", settings.address)}
          error={errors.address}
        />
        <InputField
          id="gstin"
          name="gstin"
          label="GSTIN"
          maxLength={20}
          optional
          autoComplete="off"
          defaultValue={value("gstin", settings.gstin)}
          error={errors.gstin}
        />
        <SelectField
          id="stateCode"
          name="stateCode"
          label="State"
          options={STATE_CHOICES}
          defaultValue={value("stateCode", settings.stateCode)}
          error={errors.stateCode}
        />
        <InputField
          id="sac"
          name="sac"
          label="SAC"
          hint="Tour operator services: 998555."
          inputMode="numeric"
          maxLength={8}
          defaultValue={value("sac", settings.sac)}
          error={errors.sac}
        />
        <InputField
          id="rate"
          name="rate"
          label="GST rate (%)"
          hint={`Prices include it. Now ${formatRate(settings.rateBasisPoints)}: check the rate with your accountant.`}
          inputMode="decimal"
          maxLength={6}
          defaultValue={value("rate", String(settings.rateBasisPoints / 100))}
          error={errors.rate}
        />
        {loaderData.owner ? (
          <button type="submit" disabled={busy} className={`${buttonClass} bg-brand-600 text-white hover:bg-brand-700`}>
            Save
          </button>
        ) : null}
      </Form>
      <form
        method="get"
        action="/admin/payments/documents/export"
        className="space-y-4 rounded-card bg-white p-5 shadow-card"
        aria-label="Export for the accountant"
      >
        <h2 className="font-display text-xl font-bold text-ink-900">Export for the accountant</h2>
        <InputField id="month" name="month" type="month" label="Month" defaultValue={loaderData.thisMonth} />
        <SelectField
          id="format"
          name="format"
          label="Format"
          options={[
            { value: "csv", label: "CSV (spreadsheet)" },
            { value: "json", label: "JSON" },
          ]}
          defaultValue="csv"
        />
        <button type="submit" className={`${buttonClass} border border-ink-300 bg-white text-ink-900 hover:bg-ink-50`}>
          Download
        </button>
      </form>
    </AdminPage>
  );
}
