import { Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { sendFile, UploadFailure } from "~/components/admin/image-upload-request";
import { type ActionResult, isActionResult } from "~/domain/action-result";
import { GPX_MESSAGES, MAX_GPX_BYTES, megabytes } from "~/domain/ride-route/gpx-guard";
import { routeUploadHref } from "~/domain/admin-links";

const UPLOAD_FAILED = "The route could not be uploaded. Check the connection and try again.";

/** The route endpoint's answer (an ActionResult, refusals included), or a failure to send it. */
function readResult(xhr: XMLHttpRequest): ActionResult | UploadFailure {
  try {
    const result: unknown = JSON.parse(xhr.responseText);
    if (isActionResult(result)) return result;
  } catch {
    // Not JSON: a proxy's error page, a sign-in redirect.
  }
  return new UploadFailure("unknown");
}

/**
 * Choose a GPX file and send it with a progress bar (a 10 MB file on a phone takes a while);
 * the page reloads its data once the server has measured it.
 */
export function RouteUploadField({
  rideId,
  replacing,
  show,
}: {
  rideId: string;
  replacing: boolean;
  show: (text: string) => void;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;
  const [error, setError] = useState("");

  async function send(file: File) {
    setError("");
    if (file.size > MAX_GPX_BYTES) {
      setError(GPX_MESSAGES.tooLarge(megabytes(file.size)));
      return;
    }
    setProgress(0);
    try {
      // The raw file as the body, like images (decision 008).
      const result = await sendFile(
        routeUploadHref(rideId, file.name),
        file,
        "application/gpx+xml",
        { onProgress: setProgress },
        readResult,
      );
      if (!result.ok) setError(result.errors?.file ?? result.errors?.days ?? result.message);
      show(result.message);
      if (result.ok) await revalidator.revalidate();
    } catch {
      setError(UPLOAD_FAILED);
      show(UPLOAD_FAILED);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div className="space-y-2">
      <label htmlFor={inputId} className="block font-semibold text-ink-900">
        {replacing ? "Replace the GPX file" : "GPX file"}
      </label>
      <p className="text-sm text-ink-600">
        GPX 1.0 or 1.1 from Calimoto, REVER, Kurviger, OsmAnd, BaseCamp or a converter; at most 10 MB and 200,000
        points. One track (or segment) per day maps onto the days; a single track is split at overnight stops below.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".gpx,application/gpx+xml,application/xml,text/xml"
          disabled={busy}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void send(file);
          }}
          className="block text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-600 file:px-4 file:py-2 file:font-semibold file:text-white"
        />
        {progress !== null ? (
          <span role="status" className="inline-flex items-center gap-2 text-sm text-ink-600">
            <Upload aria-hidden="true" className="size-4 animate-pulse" />
            {progress < 1 ? "Uploading…" : "Measuring the route…"}
          </span>
        ) : null}
      </div>
      {progress !== null ? (
        <div className="flex max-w-md items-center gap-3">
          <progress
            max={100}
            value={Math.round(progress * 100)}
            aria-label="Upload progress for the GPX file"
            className="h-2 flex-1 overflow-hidden rounded-full bg-ink-200 [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-ink-200 [&::-webkit-progress-value]:bg-brand-600"
          />
          <span className="w-10 text-right text-sm text-ink-700 tabular-nums">{Math.round(progress * 100)}%</span>
        </div>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
