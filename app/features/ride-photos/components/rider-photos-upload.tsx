import { type FormEvent, useState } from "react";
import { RIDER_PHOTOS_FIELD } from "~/features/ride-photos/domain/rider-photos";
import { SECONDARY_CLASS, SUBMIT_CLASS } from "~/components/registration/form-controls";

// The booking page's photo upload form (docs/features/ride-photos.md#riders-photos). Without
// script it is a plain multipart form and the browser posts it; as an island it sends the same
// post itself, to show a progress bar per photo, then follows the page's own answer: to the
// page with its thank-you, or, refused, the page's messages read from the answer's HTML.

export type RiderPhotosUploadProps = {
  /** The booking page's action, with the upload's intent in the address. */
  action: string;
  /** The booking page itself, to see the photos that were added. */
  href: string;
  /** How many more photos the rider may add. */
  left: number;
};

/** Each file being sent; `key` is its place in the form, which never changes while it is sent. */
type Sending = { key: string; name: string; size: number; sent: number }[];
type Refusal = { message: string; files: string[] };

const SEND_FAILED = "The photos could not be sent. Check your connection and try again.";

/** The messages of a refused upload, from the page the action answered with. */
function refusalOf(html: string): Refusal {
  const page = new DOMParser().parseFromString(html, "text/html");
  const message = page.querySelector("#error-summary-title")?.textContent?.trim() || SEND_FAILED;
  const files = Array.from(page.querySelectorAll("[data-testid=refused-photos] li"), (item) => item.textContent ?? "");
  return { message, files };
}

/** Each file's share of the bytes sent so far, in the order the form sends them. */
function progressOf(files: File[], loaded: number, total: number): Sending {
  const size = files.reduce((sum, file) => sum + file.size, 0);
  let before = Math.round((total - size) / 2);
  return files.map((file, place) => {
    const sent = Math.min(file.size, Math.max(0, loaded - before));
    before += file.size;
    return { key: String(place), name: file.name, size: file.size, sent };
  });
}

export function RiderPhotosUpload({ action, href, left }: RiderPhotosUploadProps) {
  const [sending, setSending] = useState<Sending | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const files = Array.from((form.elements.namedItem(RIDER_PHOTOS_FIELD) as HTMLInputElement).files ?? []);
    if (files.length === 0) return;
    event.preventDefault();
    // Read before the inputs are disabled: a disabled field is left out of a form's data.
    const body = new FormData(form);
    setRefusal(null);
    setSending(progressOf(files, 0, 0));
    const request = new XMLHttpRequest();
    request.open("POST", form.action);
    request.upload.addEventListener("progress", (progress) => {
      if (progress.lengthComputable) setSending(progressOf(files, progress.loaded, progress.total));
    });
    request.addEventListener("load", () => {
      // Saved: the action redirected to the page with its thank-you, which the request followed.
      if (request.status === 200 && request.responseURL.includes("?done=")) {
        window.location.assign(request.responseURL);
        return;
      }
      setSending(null);
      setRefusal(refusalOf(request.responseText));
    });
    request.addEventListener("error", () => {
      setSending(null);
      setRefusal({ message: SEND_FAILED, files: [] });
    });
    request.send(body);
  }

  return (
    <form method="post" action={action} encType="multipart/form-data" className="space-y-3" onSubmit={submit}>
      {refusal ? (
        <div role="alert" className="rounded-xl border-2 border-red-600 bg-red-50 p-4 text-red-900">
          <p className="font-bold">{refusal.message}</p>
          {refusal.files.length > 0 ? (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {refusal.files.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
          <a href={href} className="mt-2 inline-block font-semibold underline">
            See your photos
          </a>
        </div>
      ) : null}
      <label htmlFor={RIDER_PHOTOS_FIELD} className="block font-semibold text-ink-900">
        {`Choose photos (${left} more at most, each smaller than 20MB)`}
      </label>
      <input
        id={RIDER_PHOTOS_FIELD}
        name={RIDER_PHOTOS_FIELD}
        type="file"
        multiple
        accept="image/*"
        required
        disabled={sending !== null}
        className={`${SECONDARY_CLASS} w-full py-2`}
      />
      {sending ? (
        <ul className="space-y-2" aria-label="Sending your photos">
          {sending.map((file) => (
            <li key={file.key} className="space-y-1">
              <span className="block text-sm text-ink-800">{file.name}</span>
              <progress
                className="h-2 w-full"
                max={Math.max(1, file.size)}
                value={file.sent}
                aria-label={`Sending ${file.name}`}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <button type="submit" className={`${SUBMIT_CLASS} sm:w-auto`} disabled={sending !== null}>
        {sending ? "Sending…" : "Send my photos"}
      </button>
    </form>
  );
}
