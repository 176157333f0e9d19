import { ImagePlus } from "lucide-react";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { useFetcher, useSubmit } from "react-router";
import type { ActionResult } from "~/domain/action-result";
import { IMAGE_MESSAGES } from "~/domain/messages";
import { describeFailure } from "~/components/admin/image-upload-field";
import { checkImageFile, uploadImage } from "~/components/admin/image-upload-request";

/**
 * Uploads at once: a phone on one bar of signal shares it among a few photos instead of
 * starting every one and finishing none.
 */
export const UPLOADS_AT_ONCE = 3;

type Upload = {
  key: string;
  name: string;
  /** 0–1 while sending; null before it starts. */
  progress: number | null;
  state: "waiting" | "uploading" | "adding" | "failed";
  error: string;
};

let nextUpload = 0;

/**
 * "Add photos": one selection of many files (a phone opens its gallery or camera). Each is
 * checked, sent through the image pipeline (POST /admin/images) with its own progress bar, and
 * added at the end of the gallery as soon as it is stored.
 */
export function PhotoUploads() {
  const inputId = useId();
  const submit = useSubmit();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const queue = useRef<{ key: string; file: File }[]>([]);
  const running = useRef(0);

  function update(key: string, change: Partial<Upload>) {
    setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
  }

  async function send(key: string, file: File) {
    try {
      const invalid = await checkImageFile(file);
      if (invalid) {
        update(key, { state: "failed", error: invalid });
        return;
      }
      update(key, { state: "uploading", progress: 0 });
      const image = await uploadImage(file, {
        folder: "rides",
        onProgress: (progress) => update(key, { progress }),
      });
      update(key, { state: "adding", progress: 1 });
      await submit(
        { intent: "add", images: [image.url] },
        { method: "post", encType: "application/json", navigate: false, fetcherKey: key },
      );
    } catch (failure) {
      update(key, { state: "failed", error: describeFailure(failure) });
    }
  }

  function pump() {
    while (running.current < UPLOADS_AT_ONCE && queue.current.length > 0) {
      const next = queue.current.shift()!;
      running.current += 1;
      void send(next.key, next.file).finally(() => {
        running.current -= 1;
        pump();
      });
    }
  }

  function onChosen(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // Cleared so the same photos can be chosen again after a failure.
    event.target.value = "";
    const added = files.map((file) => {
      nextUpload += 1;
      return { key: `photo-upload-${nextUpload}`, file };
    });
    setUploads((all) => [
      ...all,
      ...added.map(({ key, file }) => ({
        key,
        name: file.name,
        progress: null,
        state: "waiting" as const,
        error: "",
      })),
    ]);
    queue.current.push(...added);
    pump();
  }

  return (
    <section className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <input id={inputId} type="file" accept="image/*" multiple onChange={onChosen} className="peer sr-only" />
        <label
          htmlFor={inputId}
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
        >
          <ImagePlus aria-hidden="true" className="size-4" />
          Add photos
        </label>
        <span className="text-sm text-ink-600">
          Choose as many as you like: JPEG, PNG, WebP, GIF, BMP or TIFF, up to 20 MB each. Location and camera details
          are removed from the published photos.
        </span>
      </div>
      {uploads.length > 0 ? (
        <ul aria-label="Uploads" className="space-y-2">
          {uploads.map((upload) => (
            <UploadRow key={upload.key} upload={upload} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function UploadRow({ upload }: { upload: Upload }) {
  // The add's answer, from the fetcher the upload submitted with.
  const fetcher = useFetcher<ActionResult>({ key: upload.key });
  const added = upload.state === "adding" && fetcher.state === "idle" && fetcher.data;
  const percent = Math.round((upload.progress ?? 0) * 100);
  let status: string;
  let tone = "text-ink-700";
  if (upload.state === "failed") {
    status = upload.error;
    tone = "text-red-700";
  } else if (added) {
    status = fetcher.data!.ok ? "Added to the gallery" : (fetcher.data!.errors?.images ?? fetcher.data!.message);
    tone = fetcher.data!.ok ? "text-success-600" : "text-red-700";
  } else if (upload.state === "adding") status = "Adding to the gallery…";
  else if (upload.state === "uploading") status = IMAGE_MESSAGES.uploading;
  else status = "Waiting to upload";
  return (
    <li className="rounded-md border border-ink-200 px-3 py-2">
      <div className="flex flex-wrap items-center gap-3">
        <span className="min-w-0 flex-1 truncate text-sm font-medium text-ink-900">{upload.name}</span>
        <progress
          max={100}
          value={percent}
          aria-label={`Upload progress for ${upload.name}`}
          className="h-2 w-32 overflow-hidden rounded-full bg-ink-200 [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-ink-200 [&::-webkit-progress-value]:bg-brand-600"
        />
        <span className="w-10 text-right text-sm text-ink-700 tabular-nums">{percent}%</span>
      </div>
      <output aria-live="polite" className={`block text-sm ${tone}`}>
        {status}
      </output>
    </li>
  );
}
