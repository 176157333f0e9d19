import { ImageUp, LoaderCircle, X } from "lucide-react";
import { type ChangeEvent, type DragEvent, useEffect, useId, useRef, useState } from "react";
import { controlAttributes, controlClass, FieldError, FieldLabel } from "~/components/form/field";
import { ResponsiveImage } from "~/components/responsive-image";
import { MESSAGE_DISPLAY_MS } from "~/domain/constants";
import type { ImageFolder } from "~/domain/image-urls";
import { errorUploadingImage, failedToUploadImage, IMAGE_MESSAGES } from "~/domain/messages";
import { mapUploadError } from "~/domain/upload";
import { checkImageFile, UploadFailure, uploadImage } from "./image-upload-request";

export type ImageUploadFieldProps = {
  /** Name of the hidden input that carries the URL in the form submission. */
  name: string;
  label: string;
  value: string;
  onChange: (url: string) => void;
  /** Featured-ride images are stored apart (product.md#images); the others only label the upload. */
  folder?: ImageFolder;
  /** The form's validation message for this field. */
  error?: string;
  /** Marks the label "(optional)"; without it the field is required (the form kit's convention). */
  optional?: boolean;
};

type Status = { text: string; tone: "progress" | "success" | "error" };

/** Typing a URL shows its preview once the typing pauses, not for every prefix of it. */
const PREVIEW_SETTLE_MS = 600;

/**
 * An image field: paste an external URL, or upload a photo (file picker, the camera on
 * phones, or drag and drop) and the field takes the uploaded image's URL. The browser checks
 * type and size first for an instant answer; the server checks again.
 */
export function ImageUploadField({ name, label, value, onChange, folder, error, optional }: ImageUploadFieldProps) {
  const id = useId();
  const urlId = `${id}-url`;
  const fileId = `${id}-file`;
  // The kit's ids: the URL field's hint (the upload's formats) and its message.
  const hintId = `${urlId}-hint`;
  const [status, setStatus] = useState<Status | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState(value);
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);
  /** The chosen file, shown while it uploads. */
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const uploadRef = useRef<AbortController | null>(null);

  useEffect(() => () => uploadRef.current?.abort(), []);

  useEffect(() => {
    const timer = setTimeout(() => setPreview(value), PREVIEW_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  useEffect(() => {
    if (!localPreview) return;
    return () => URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  // product.md#messages: admin messages clear themselves; the progress message stays while uploading.
  useEffect(() => {
    if (!status || status.tone === "progress") return;
    const timer = setTimeout(() => setStatus(null), MESSAGE_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [status]);

  async function upload(file: File) {
    if (uploadRef.current) return;
    const controller = new AbortController();
    uploadRef.current = controller;
    try {
      const invalid = await checkImageFile(file);
      if (invalid) {
        setStatus({ text: invalid, tone: "error" });
        return;
      }
      setLocalPreview(URL.createObjectURL(file));
      setProgress(0);
      setStatus({ text: IMAGE_MESSAGES.uploading, tone: "progress" });
      const image = await uploadImage(file, { folder, signal: controller.signal, onProgress: setProgress });
      onChange(image.url);
      setPreview(image.url);
      setStatus({ text: IMAGE_MESSAGES.uploaded, tone: "success" });
    } catch (failure) {
      setStatus({ text: describeFailure(failure), tone: "error" });
    } finally {
      uploadRef.current = null;
      setProgress(null);
      setLocalPreview(null);
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
  const showPreview = isPreviewable(preview) && brokenPreview !== preview;

  return (
    <div>
      <input type="hidden" name={name} value={value} />
      <FieldLabel htmlFor={urlId} label={label} optional={optional} />
      <div className="mt-1 flex flex-col gap-3 sm:flex-row">
        <div className="relative flex aspect-[3/2] w-full shrink-0 items-center justify-center overflow-hidden rounded-md border border-ink-200 bg-ink-50 sm:w-40">
          {localPreview ? (
            <img src={localPreview} alt={`${label}, uploading`} className="size-full object-cover opacity-60" />
          ) : showPreview ? (
            <ResponsiveImage
              key={preview}
              src={preview}
              alt={`Current ${label}`}
              sizes="(min-width: 640px) 10rem, 100vw"
              onError={() => setBrokenPreview(preview)}
              className="size-full object-cover"
            />
          ) : (
            <ImageUp aria-hidden="true" className="size-8 text-ink-400" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <input
            type="url"
            inputMode="url"
            value={value}
            onChange={(event) => onChange(event.target.value.trim())}
            placeholder="https://… or upload a photo"
            {...controlAttributes({ id: urlId, hint: true, error, required: !optional })}
            className={controlClass("compact")}
          />
          <div
            onDragOver={onDragOver}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={`flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border-2 border-dashed px-3 py-3 text-sm ${
              dragging ? "border-brand-600 bg-brand-50" : "border-ink-300"
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
              className="inline-flex cursor-pointer items-center gap-2 rounded-md bg-brand-600 px-3 py-2 font-medium text-white hover:bg-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
            >
              <ImageUp aria-hidden="true" className="size-4" />
              Upload a photo<span className="sr-only"> for {label}</span>
            </label>
            <span id={hintId} className="text-ink-600">
              or drop one here. JPEG, PNG, WebP, GIF, BMP or TIFF, up to 20 MB.
            </span>
          </div>
          {uploading && (
            <div className="flex items-center gap-3">
              <progress
                max={100}
                value={percent}
                aria-label={`Upload progress for ${label}`}
                className="h-2 flex-1 overflow-hidden rounded-full bg-ink-200 [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-ink-200 [&::-webkit-progress-value]:bg-brand-600"
              />
              <span className="w-10 text-right text-sm text-ink-700 tabular-nums">{percent}%</span>
              <button
                type="button"
                onClick={() => uploadRef.current?.abort()}
                className="inline-flex items-center gap-1 rounded-md border border-ink-300 bg-white px-2 py-1 text-sm text-ink-800 hover:bg-ink-50"
              >
                <X aria-hidden="true" className="size-4" />
                Cancel<span className="sr-only"> upload</span>
              </button>
            </div>
          )}
          <output aria-live="polite" className={`block min-h-5 text-sm ${STATUS_COLOURS[status?.tone ?? "progress"]}`}>
            {status?.tone === "progress" && (
              <LoaderCircle aria-hidden="true" className="mr-1 inline size-4 animate-spin" />
            )}
            {status?.text}
          </output>
          <FieldError id={urlId} error={error} />
        </div>
      </div>
    </div>
  );
}

const STATUS_COLOURS: Record<Status["tone"], string> = {
  progress: "text-ink-700",
  success: "text-success-600",
  error: "text-red-700",
};

/**
 * product.md#upload-errors: the server's refusal as 'Failed to upload image: …', transport
 * failures mapped as 'Error uploading image: …'.
 */
export function describeFailure(failure: unknown): string {
  if (failure instanceof UploadFailure) {
    if (failure.code === "rejected") return failedToUploadImage(failure.message);
    return errorUploadingImage(mapUploadError(failure.code));
  }
  return failedToUploadImage(failure instanceof Error ? failure.message : undefined);
}

function isPreviewable(value: string): boolean {
  if (value.startsWith("/images/")) return true;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
