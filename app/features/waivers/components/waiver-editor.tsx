import { Form, useNavigation } from "react-router";
import { FormResult } from "~/components/admin/form-result";
import { MAX_WAIVER_LENGTH, type WaiverVersion } from "~/features/waivers/domain/waiver";
import { formatIndiaDateTime } from "~/domain/dates";

export type WaiverEditorProps = {
  versions: WaiverVersion[];
  /** The site's default, on a ride's page: what the ride uses while it has no text of its own. */
  siteDefault: WaiverVersion | null;
  result: { ok: boolean; message: string } | undefined;
};

/**
 * A waiver's text and its versions (docs/features/waivers.md): saving a changed text makes the
 * next version; earlier ones stay as riders accepted them.
 */
export function WaiverEditor({ versions, siteDefault, result }: WaiverEditorProps) {
  const navigation = useNavigation();
  const latest = versions[0];
  return (
    <>
      <FormResult result={result} />
      {siteDefault && !latest?.text ? (
        <p className="text-ink-700">
          This ride uses the site&apos;s default waiver (version {siteDefault.version}) until you write its own.
        </p>
      ) : null}
      <Form method="post" className="rounded-card bg-white p-5 shadow-card">
        <label htmlFor="waiver-text" className="font-semibold text-ink-900">
          Waiver text
        </label>
        <p id="waiver-text-hint" className="mt-1 text-sm text-ink-600">
          Riders read it on the registration form and accept it by typing their full name. Saving a change makes a new
          version and asks the riders registered to accept it again. Leave it empty to remove the waiver.
        </p>
        <textarea
          id="waiver-text"
          name="text"
          rows={14}
          maxLength={MAX_WAIVER_LENGTH}
          defaultValue={latest?.text ?? ""}
          key={latest?.id ?? "none"}
          aria-describedby="waiver-text-hint"
          className="mt-3 w-full rounded-md border border-ink-300 p-3 text-ink-900"
        />
        <button
          type="submit"
          disabled={navigation.state !== "idle"}
          className="mt-4 inline-flex min-h-11 items-center rounded-md bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
        >
          Save waiver
        </button>
      </Form>
      <section aria-labelledby="versions-heading" className="space-y-3">
        <h2 id="versions-heading" className="font-display text-xl font-bold text-ink-900">
          Versions
        </h2>
        {versions.length === 0 ? (
          <p className="text-ink-700">No version yet.</p>
        ) : (
          <ol className="space-y-2">
            {versions.map((version) => (
              <li key={version.id} className="rounded-card bg-white p-4 shadow-card">
                <details>
                  <summary className="cursor-pointer text-ink-900">
                    Version {version.version}
                    {version.text === "" ? " (removed)" : ""} · {formatIndiaDateTime(version.createdAt)} ·{" "}
                    {version.createdBy}
                  </summary>
                  <p className="mt-2 whitespace-pre-wrap text-ink-800">{version.text}</p>
                </details>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
