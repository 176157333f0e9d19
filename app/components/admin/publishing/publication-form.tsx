import { type FormEvent, useState } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/domain/action-result";
import type { PublicationState } from "~/domain/publication";
import { useResultMessage } from "../use-status-message";

const STATE_TEXT: Record<PublicationState, string> = {
  draft: "Draft: only admins and preview links see it.",
  scheduled: "Scheduled",
  published: "Published",
};

type Props = {
  publication: { state: PublicationState; when: string | null; at: string };
  timeZone: string;
  show: (text: string) => void;
};

/** Draft, publish now, or publish at a date and time (India time unless another zone is named). */
export function PublicationForm({ publication, timeZone, show }: Props) {
  const fetcher = useFetcher<ActionResult>();
  useResultMessage(fetcher.data, show);
  const [choice, setChoice] = useState<"draft" | "now" | "at">(
    publication.state === "draft" ? "draft" : publication.state === "scheduled" ? "at" : "now",
  );
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void fetcher.submit(
      { intent: "publish", publish: choice, at: String(form.get("at") ?? ""), timeZone },
      { method: "post", encType: "application/json" },
    );
  };
  const status =
    publication.state === "draft"
      ? STATE_TEXT.draft
      : `${STATE_TEXT[publication.state]}${publication.when ? ` · ${publication.when}` : ""}`;
  return (
    <section aria-labelledby="publication-heading" className="space-y-3 rounded-lg border border-ink-200 p-4">
      <h2 id="publication-heading" className="text-xl font-bold text-ink-900">
        Publication
      </h2>
      <p data-testid="publication-state" className="text-ink-700">
        {status}
      </p>
      <form onSubmit={onSubmit} className="space-y-3">
        <fieldset className="space-y-2">
          <legend className="sr-only">When visitors see it</legend>
          {(
            [
              ["draft", "Draft (not public)"],
              ["now", "Publish now"],
              ["at", "Publish at a date and time"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="publish"
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        {choice === "at" ? (
          <label className="block">
            <span className="font-semibold text-ink-800">Date and time (India time, IST)</span>
            <input
              type="datetime-local"
              name="at"
              defaultValue={publication.at}
              aria-invalid={errors.at ? true : undefined}
              aria-describedby={errors.at ? "publish-at-error" : undefined}
              className="mt-1 block min-h-11 rounded-md border border-ink-300 px-3"
            />
            {errors.at ? (
              <span id="publish-at-error" className="mt-1 block text-red-700">
                {errors.at}
              </span>
            ) : null}
          </label>
        ) : null}
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="inline-flex min-h-11 items-center rounded-md bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
        >
          {fetcher.state !== "idle" ? "Saving..." : "Save Publication"}
        </button>
      </form>
    </section>
  );
}
