import { Send } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/domain/action-result";
import { MAX_BODY_LENGTH, MAX_SUBJECT_LENGTH } from "~/features/rider-messages/domain/message";
import { useResultMessage } from "~/components/admin/use-status-message";
import { Checkbox, FormSection, SelectInput, TextArea, TextInput } from "~/components/admin/form/fields";

type Preview = { recipients: number; audience: string; subject: string; text: string };
type Answer = ActionResult<{ preview: Preview; sent: true }>;

const EMPTY = { subject: "", body: "", confirmed: true, waitlisted: false, payment: "", checkIn: "" };

/**
 * Writing to the ride's riders (docs/features/rider-messages.md): the text, who gets it, a
 * preview of what the first of them reads and how many will, then Send. Changing anything after
 * the preview asks for a new one, so what is sent is what was previewed.
 */
export function ComposeMessage({
  show,
  counts,
}: {
  show: (text: string) => void;
  counts: { confirmed: number; waitlisted: number };
}) {
  const fetcher = useFetcher<Answer>();
  useResultMessage(fetcher.data, show);
  const [draft, setDraft] = useState(EMPTY);
  // The draft the shown preview was asked for: any change since hides it.
  const [previewed, setPreviewed] = useState("");
  const answer = fetcher.data;
  // A sent message empties the form (state adjusted while rendering the new answer, once).
  const [seen, setSeen] = useState(answer);
  if (answer !== seen) {
    setSeen(answer);
    if (answer?.ok && answer.sent) setDraft(EMPTY);
  }
  const preview: Preview | null =
    answer?.ok && answer.preview && previewed === JSON.stringify(draft) ? answer.preview : null;
  const errors = answer && !answer.ok ? (answer.errors ?? {}) : {};
  const busy = fetcher.state !== "idle";

  const change =
    <K extends keyof typeof EMPTY>(key: K) =>
    (value: (typeof EMPTY)[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));
  const submit = (intent: "preview" | "send") => {
    if (intent === "preview") setPreviewed(JSON.stringify(draft));
    const statuses = [draft.confirmed ? "confirmed" : "", draft.waitlisted ? "waitlisted" : ""].filter(Boolean);
    void fetcher.submit(
      { intent, subject: draft.subject, body: draft.body, statuses, payment: draft.payment, checkIn: draft.checkIn },
      { method: "post", encType: "application/json" },
    );
  };

  return (
    <form
      aria-label="Message the riders"
      onSubmit={(event) => {
        event.preventDefault();
        submit(preview ? "send" : "preview");
      }}
      className="space-y-4"
    >
      <FormSection
        title="Message the riders"
        description="It reaches each rider's booking page, their email and their phone (when they turned on updates), and the WhatsApp queue below. Each copy starts with the rider's name and ends with their private link."
      >
        <TextInput
          id="message-subject"
          label="Subject"
          value={draft.subject}
          onChange={change("subject")}
          error={errors.subject}
          hint={`At most ${MAX_SUBJECT_LENGTH} characters`}
        />
        <TextArea
          id="message-body"
          label="Message"
          rows={6}
          value={draft.body}
          onChange={change("body")}
          error={errors.body}
          hint={`At most ${MAX_BODY_LENGTH.toLocaleString("en-US")} characters`}
        />
        <fieldset className="space-y-2">
          <legend className="font-semibold text-ink-900">Who gets it</legend>
          <Checkbox
            id="message-confirmed"
            label={`Confirmed riders (${counts.confirmed})`}
            checked={draft.confirmed}
            onChange={change("confirmed")}
          />
          <Checkbox
            id="message-waitlisted"
            label={`Waitlisted riders (${counts.waitlisted})`}
            checked={draft.waitlisted}
            onChange={change("waitlisted")}
          />
          {errors.statuses ? (
            <p className="text-sm font-medium text-red-700" role="alert">
              {errors.statuses}
            </p>
          ) : null}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectInput
            id="message-payment"
            label="Booking amount"
            value={draft.payment}
            onChange={change("payment")}
            error={errors.payment}
            options={[
              { value: "", label: "Paid or not" },
              { value: "due", label: "Due" },
              { value: "paid", label: "Paid" },
            ]}
          />
          <SelectInput
            id="message-check-in"
            label="Check-in"
            value={draft.checkIn}
            onChange={change("checkIn")}
            error={errors.checkIn}
            options={[
              { value: "", label: "Checked in or not" },
              { value: "in", label: "Checked in" },
              { value: "out", label: "Not checked in" },
            ]}
          />
        </div>
      </FormSection>
      {preview ? (
        <section
          aria-labelledby="preview-heading"
          className="space-y-2 rounded-card border border-brand-200 bg-brand-50 p-4"
          data-testid="message-preview"
        >
          <h2 id="preview-heading" className="font-bold text-ink-900">
            Preview: {preview.recipients} {preview.audience}
          </h2>
          <p className="font-semibold text-ink-800">{preview.subject}</p>
          <pre className="font-sans whitespace-pre-wrap text-ink-800">{preview.text}</pre>
        </section>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
      >
        <Send aria-hidden="true" className="size-4" />
        {preview ? `Send to ${preview.recipients} rider${preview.recipients === 1 ? "" : "s"}` : "Preview"}
      </button>
    </form>
  );
}
