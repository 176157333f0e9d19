import { ImageUp, LoaderCircle, X } from "lucide-react";
import { type ChangeEvent, type DragEvent, useEffect, useId, useRef, useState } from "react";
import { ResponsiveImage } from "~/components/responsive-image";
import { MESSAGE_DISPLAY_MS } from "~/domain/constants";
import type { ImageFolder } from "~/domain/image-urls";
import { errorUploadingImage, failedToUploadImage, IMAGE_MESSAGES } from "~/domain/messages";
import { mapUploadError, validateImageFile } from "~/domain/upload";
import { UploadFailure, uploadImage } from "./image-upload-request";

export type ImageUploadFieldProps = {
  /** Name of the hidden input that carries the URL in the form submission. */
  name: string;
  label: string;
  value: string;
  onChange: (url: string) => void;
  /** Featured-ride images are stored apart (SPEC §7); the others only label the upload. */
  folder?: ImageFolder;
  /** The form's validation message for this field. */
  error?: string;
};

type Status = { text: string; tone: "progress" | "success" | "error" };

/**
 * An image field: paste an external URL, or upload a photo (picker, camera on phones, or
 * drag and drop) and the field takes the uploaded image's URL.
 */
export function ImageUploadField({ name, label, value, onChange, folder, error }: ImageUploadFieldProps) {
  const id = useId();
  const urlId = `${id}-url`;
  const fileId = `${id}-file`;
  const errorId = `${id}-error`;
  const [status, setStatus] = useState<Status | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const uploadRef = useRef<AbortController | null>(null);
  const preview = useSettledValue(value);
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);

  useEffect(() => () => uploadRef.current?.abort(), []);

  // SPEC §8: admin messages clear themselves; the progress message stays while uploading.
  useEffect(() => {
    if (!status || status.tone === "progress") return;
    const timer = setTimeout(() => setStatus(null), MESSAGE_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [status]);

  async function upload(file: File) {
    if (uploadRef.current) return;
    const invalid = validateImageFile(file);
    if (invalid) {
      setStatus({ text: invalid, tone: "error" });
      return;
    }
    const controller = new AbortController();
    uploadRef.current = controller;
    setProgress(0);
    setStatus({ text: IMAGE_MESSAGES.uploading, tone: "progress" });
    try {
      const image = await uploadImage(file, { folder, signal: controller.signal, onProgress: setProgress });
      onChange(image.url);
      setStatus({ text: IMAGE_MESSAGES.uploaded, tone: "success" });
    } catch (failure) {
      setStatus({ text: describeFailure(failure), tone: "error" });
    } finally {
      uploadRef.current = null;
      setProgress(null);
    }
  }

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again (after a failure) fires change again.
    event.target.value = "";
    if (file) void upload(file);
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    if (!event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void upload(file);
  }

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <div className="space-y-2">
      <input type="hidden" name={name} value={value} />
      <label htmlFor={urlId} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="flex h-24 w-36 shrink-0 items-center justify-center overflow-hidden rounded-md border border-gray-200 bg-gray-50">
          {isPreviewable(preview) && brokenPreview !== preview ? (
            <ResponsiveImage
              key={preview}
              src={preview}
              alt={`Preview of ${label}`}
              sizes="9rem"
              onError={() => setBrokenPreview(preview)}
              className="h-full w-full object-cover"
            />
          ) : (
            <ImageUp aria-hidden="true" className="size-8 text-gray-400" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <input
            id={urlId}
            type="url"
            inputMode="url"
            value={value}
            onChange={(event) => onChange(event.target.value.trim())}
            placeholder="https://… or upload a photo below"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="w-full rounded-md border border-gray-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600"
          />
          <div
            onDragOver={onDragOver}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={`flex flex-wrap items-center gap-3 rounded-md border-2 border-dashed px-3 py-3 text-sm ${
              dragging ? "border-blue-600 bg-blue-50" : "border-gray-300"
            }`}
          >
            <input
              id={fileId}
              type="file"
              accept="image/*"
              onChange={onFileChosen}
              disabled={uploading}
              className="peer sr-only"
            />
            <label
              htmlFor={fileId}
              className="inline-flex cursor-pointer items-center gap-2 rounded-md bg-gray-900 px-3 py-2 font-medium text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
            >
              <ImageUp aria-hidden="true" className="size-4" />
              Upload a photo<span className="sr-only"> for {label}</span>
            </label>
            <span className="text-gray-600">or drop one here · JPEG, PNG, WebP, GIF, BMP or TIFF up to 20 MB</span>
          </div>
          {uploading && (
            <div className="flex items-center gap-3">
              <progress
                max={100}
                value={percent}
                aria-label={`Upload progress for ${label}`}
                className="h-2 flex-1 overflow-hidden rounded-full [&::-moz-progress-bar]:bg-blue-600 [&::-webkit-progress-bar]:bg-gray-200 [&::-webkit-progress-value]:bg-blue-600"
              />
              <span className="w-10 text-right text-sm tabular-nums text-gray-700">{percent}%</span>
              <button
                type="button"
                onClick={() => uploadRef.current?.abort()}
                className="inline-flex items-center gap-1 rounded-md border border-gray-300 px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-blue-600"
              >
                <X aria-hidden="true" className="size-4" />
                Cancel<span className="sr-only"> upload</span>
              </button>
            </div>
          )}
          <output aria-live="polite" className={`block min-h-5 text-sm ${statusColour(status)}`}>
            {status?.tone === "progress" && <LoaderCircle aria-hidden="true" className="mr-1 inline size-4 animate-spin" />}
            {status?.text}
          </output>
          {error && (
            <p id={errorId} className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

function describeFailure(failure: unknown): string {
  if (failure instanceof UploadFailure) {
    if (failure.code === "rejected") return failedToUploadImage(failure.message);
    return errorUploadingImage(mapUploadError(failure.code));
  }
  return failedToUploadImage(failure instanceof Error ? failure.message : undefined);
}

function statusColour(status: Status | null): string {
  if (status?.tone === "error") return "text-red-700";
  if (status?.tone === "success") return "text-green-700";
  return "text-gray-700";
}

const PREVIEW_SETTLE_MS = 600;

/** The value once it has stopped changing, so typing a URL does not fetch every prefix of it. */
function useSettledValue(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), PREVIEW_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

function isPreviewable(value: string): boolean {
  if (value.startsWith("/images/")) return true;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
