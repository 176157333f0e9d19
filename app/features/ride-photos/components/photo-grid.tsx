import { ArrowDown, ArrowUp, Check, Eye, EyeOff, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import { useResultMessage } from "~/components/admin/use-status-message";
import type { ActionResult } from "~/domain/action-result";
import { coverPhoto } from "~/features/ride-photos/domain/gallery-edits";
import { PHOTO_CAPTION_MAX, type RidePhoto } from "~/features/ride-photos/domain/photo";

type Show = (text: string) => void;

const buttonClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-md border border-ink-300 bg-white px-3 py-2 text-sm font-medium text-ink-800 hover:bg-ink-50 disabled:cursor-not-allowed disabled:opacity-50";

/**
 * The gallery as visitors see it (approved photos) with the hidden ones in their place, each
 * with its caption, the cover choice, Move up / Move down, Hide or Restore and Delete. Orders are
 * sent whole: every photo of the ride, the riders' waiting ones after the gallery's.
 */
export function PhotoGrid({ photos, show }: { photos: RidePhoto[]; show: Show }) {
  const mover = useFetcher<ActionResult>();
  useResultMessage(mover.data, show);
  const shown = photos.filter((photo) => photo.status !== "pending");
  const waiting = photos.filter((photo) => photo.status === "pending");
  // While an order is saved, the page shows it already.
  const pendingOrder = mover.json && typeof mover.json === "object" && "order" in mover.json ? mover.json.order : null;
  const ordered = Array.isArray(pendingOrder)
    ? pendingOrder.flatMap((id) => shown.filter((photo) => photo.id === id))
    : shown;
  const cover = coverPhoto(ordered);
  // The cover just chosen shows at once, until its answer and the reloaded gallery are in.
  const coverer = useFetcher<ActionResult>();
  useResultMessage(coverer.data, show);
  const [chosen, setChosen] = useState<string | null>(null);
  const [coverAnswer, setCoverAnswer] = useState(coverer.data);
  if (coverer.state === "idle" && coverer.data !== coverAnswer) {
    setCoverAnswer(coverer.data);
    setChosen(null);
  }
  const coverId = chosen ?? cover?.id;
  function chooseCover(photoId: string) {
    setChosen(photoId);
    void coverer.submit({ intent: "cover", photoId }, { method: "post", encType: "application/json" });
  }

  // While an order is saved the buttons are aria-disabled, not disabled: a keyboard user's focus
  // stays on the button they pressed.
  const moving = mover.state !== "idle";
  function move(index: number, by: -1 | 1) {
    if (moving) return;
    const next = [...ordered];
    const [photo] = next.splice(index, 1);
    next.splice(index + by, 0, photo!);
    void mover.submit(
      { intent: "reorder", order: [...next, ...waiting].map((each) => each.id) },
      { method: "post", encType: "application/json" },
    );
  }

  if (ordered.length === 0)
    return <p className="text-ink-600">No photos yet: add some above, or approve the riders' below.</p>;
  return (
    <ol aria-label="Gallery" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {ordered.map((photo, index) => (
        <li key={photo.id} className="flex flex-col gap-3 rounded-lg border border-ink-200 p-3">
          <PhotoImage photo={photo} />
          <p className="text-sm text-ink-600">
            Photo {index + 1} of {ordered.length}
            {photo.source === "rider" ? ` · by ${photo.credit || "a rider"}` : ""}
            {photo.status === "hidden" ? " · Hidden: not on the public pages" : ""}
          </p>
          <CaptionForm photo={photo} index={index} show={show} />
          <CoverChoice
            photo={photo}
            index={index}
            checked={coverId === photo.id}
            busy={coverer.state !== "idle"}
            onChoose={() => chooseCover(photo.id)}
          />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass}
              disabled={index === 0}
              aria-disabled={moving || undefined}
              onClick={() => move(index, -1)}
            >
              <ArrowUp aria-hidden="true" className="size-4" />
              Move up<span className="sr-only"> photo {index + 1}</span>
            </button>
            <button
              type="button"
              className={buttonClass}
              disabled={index === ordered.length - 1}
              aria-disabled={moving || undefined}
              onClick={() => move(index, 1)}
            >
              <ArrowDown aria-hidden="true" className="size-4" />
              Move down<span className="sr-only"> photo {index + 1}</span>
            </button>
          </div>
          <div className="flex flex-wrap gap-2">
            <StatusButton photo={photo} index={index} show={show} />
            <DeleteButton photo={photo} index={index} show={show} />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The riders' photos waiting for an admin: nothing of them is public before Approve. */
export function WaitingPhotos({ photos, show }: { photos: RidePhoto[]; show: Show }) {
  const waiting = photos.filter((photo) => photo.status === "pending");
  if (waiting.length === 0) return <p className="text-ink-600">No rider's photo is waiting.</p>;
  return (
    <ul aria-label="Waiting for approval" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {waiting.map((photo, index) => (
        <li key={photo.id} className="flex flex-col gap-3 rounded-lg border border-ink-200 p-3">
          <PhotoImage photo={photo} />
          <p className="text-sm text-ink-700">By {photo.credit || "a rider"}</p>
          <div className="flex flex-wrap gap-2">
            <StatusButton photo={photo} index={index} show={show} waiting />
          </div>
        </li>
      ))}
    </ul>
  );
}

function PhotoImage({ photo }: { photo: RidePhoto }) {
  return (
    <a href={photo.image} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-md bg-ink-50">
      <ResponsiveImage
        src={photo.image}
        alt={photo.caption || `Photo${photo.credit ? ` by ${photo.credit}` : ""}`}
        sizes="(min-width: 1024px) 20rem, (min-width: 640px) 45vw, 100vw"
        className={`aspect-[3/2] w-full object-cover ${photo.status === "hidden" ? "opacity-50" : ""}`}
      />
    </a>
  );
}

function CaptionForm({ photo, index, show }: { photo: RidePhoto; index: number; show: Show }) {
  const id = useId();
  const fetcher = useFetcher<ActionResult>();
  useResultMessage(fetcher.data, show);
  // What the admin is typing, until saved: otherwise the saved caption, whoever saved it.
  const [draft, setDraft] = useState<string | null>(null);
  const caption = draft ?? photo.caption;
  // Once saved, the field shows the saved caption again (adjusted during render, not in an effect).
  const [answered, setAnswered] = useState(fetcher.data);
  if (fetcher.data !== answered) {
    setAnswered(fetcher.data);
    if (fetcher.data?.ok) setDraft(null);
  }
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.errors?.caption : undefined;
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        void fetcher.submit(
          { intent: "caption", photoId: photo.id, caption },
          { method: "post", encType: "application/json" },
        );
      }}
    >
      <label htmlFor={id} className="text-sm font-semibold text-ink-900">
        Caption<span className="sr-only"> of photo {index + 1}</span>
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={caption}
          maxLength={PHOTO_CAPTION_MAX}
          onChange={(event) => setDraft(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-ink-300 px-3 py-2 text-sm"
        />
        <button type="submit" className={buttonClass} disabled={fetcher.state !== "idle" || caption === photo.caption}>
          Save<span className="sr-only"> caption of photo {index + 1}</span>
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function CoverChoice({
  photo,
  index,
  checked,
  busy,
  onChoose,
}: {
  photo: RidePhoto;
  index: number;
  checked: boolean;
  busy: boolean;
  onChoose: () => void;
}) {
  return (
    <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-ink-900">
      <input
        type="radio"
        name="cover"
        checked={checked}
        disabled={photo.status !== "approved" || busy}
        onChange={onChoose}
        className="size-5 accent-brand-600"
      />
      Cover<span className="sr-only"> (photo {index + 1})</span>
    </label>
  );
}

function StatusButton({
  photo,
  index,
  show,
  waiting = false,
}: {
  photo: RidePhoto;
  index: number;
  show: Show;
  waiting?: boolean;
}) {
  const fetcher = useFetcher<ActionResult>();
  useResultMessage(fetcher.data, show);
  const busy = fetcher.state !== "idle";
  const send = (intent: "approve" | "hide" | "restore") =>
    void fetcher.submit({ intent, photoId: photo.id }, { method: "post", encType: "application/json" });
  const which = waiting ? `photo by ${photo.credit || "a rider"}` : `photo ${index + 1}`;
  return (
    <>
      {waiting ? (
        <button type="button" className={buttonClass} disabled={busy} onClick={() => send("approve")}>
          <Check aria-hidden="true" className="size-4" />
          Approve<span className="sr-only"> {which}</span>
        </button>
      ) : null}
      {photo.status === "hidden" ? (
        <button type="button" className={buttonClass} disabled={busy} onClick={() => send("restore")}>
          <Eye aria-hidden="true" className="size-4" />
          Restore<span className="sr-only"> {which}</span>
        </button>
      ) : (
        <button type="button" className={buttonClass} disabled={busy} onClick={() => send("hide")}>
          <EyeOff aria-hidden="true" className="size-4" />
          Hide<span className="sr-only"> {which}</span>
        </button>
      )}
    </>
  );
}

function DeleteButton({ photo, index, show }: { photo: RidePhoto; index: number; show: Show }) {
  const fetcher = useFetcher<ActionResult>();
  useResultMessage(fetcher.data, show);
  return (
    <button
      type="button"
      disabled={fetcher.state !== "idle"}
      onClick={() => {
        if (!window.confirm("Delete this photo from the gallery? It leaves the public pages at once.")) return;
        void fetcher.submit({ intent: "delete", photoId: photo.id }, { method: "post", encType: "application/json" });
      }}
      className="inline-flex min-h-11 items-center gap-1.5 rounded-md border border-red-300 px-3 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50"
    >
      <Trash2 aria-hidden="true" className="size-4" />
      Delete<span className="sr-only"> photo {index + 1}</span>
    </button>
  );
}
