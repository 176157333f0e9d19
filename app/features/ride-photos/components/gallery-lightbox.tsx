import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { LinkThenButton } from "~/components/link-then-button";
import { ResponsiveImage } from "~/components/responsive-image";
import type { GalleryPhoto } from "../domain/photo";
import { photoAlt, photoCredit } from "../domain/photo-text";

/** A thumbnail's width in the grid: two columns, three from sm, four from lg (inside the page's main column). */
const THUMB_SIZES = "(min-width: 1024px) 200px, (min-width: 640px) 30vw, 48vw";
/** How far a finger must travel sideways for a swipe, not a tap. */
const SWIPE_PX = 40;

export type GalleryGridProps = { photos: GalleryPhoto[] };

/**
 * Tab from the viewer's last button goes to its first, Shift+Tab from the first to the last: a
 * modal dialog leaves the page inert, but Tab would still leave it for the browser's own bar.
 * True when it moved the focus; otherwise the browser moves it as usual.
 */
function wrapFocus(dialog: HTMLDialogElement, backwards: boolean): boolean {
  const buttons = [...dialog.querySelectorAll("button")];
  const [from, to] = backwards ? [buttons[0], buttons.at(-1)] : [buttons.at(-1), buttons[0]];
  if (!to || document.activeElement !== from) return false;
  to.focus();
  return true;
}

/**
 * A ride's gallery (docs/features/ride-photos.md#on-the-public-pages): a grid of thumbnails,
 * each first a plain link to its full image, which works without JavaScript. Hydrated as an
 * island, each is a button that opens the photo in a lightbox instead: a modal <dialog> (the
 * page behind it inert, Escape closes it and focus goes back to the thumbnail), ←/→ and the
 * buttons or a swipe move through the photos.
 */
export function GalleryGrid({ photos }: GalleryGridProps) {
  const [shown, setShown] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (shown !== null && element && !element.open) element.showModal();
  }, [shown]);

  const step = (by: number) =>
    setShown((index) => (index === null ? null : (index + by + photos.length) % photos.length));

  const onClosed = () => {
    setShown(null);
    opener.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "ArrowRight") step(1);
    else if (event.key === "ArrowLeft") step(-1);
    else if (event.key !== "Tab" || !wrapFocus(event.currentTarget, event.shiftKey)) return;
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(event.clientY - start.y)) return;
    step(dx < 0 ? 1 : -1);
  };

  const photo = shown === null ? null : photos[shown];

  return (
    <>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4" data-testid="gallery-grid">
        {photos.map((item, index) => (
          <li key={item.id}>
            <figure>
              <LinkThenButton
                href={item.image}
                aria-haspopup="dialog"
                className="block w-full overflow-hidden rounded-lg bg-ink-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setShown(index);
                }}
              >
                <ResponsiveImage
                  src={item.image}
                  alt={photoAlt(item, index, photos.length)}
                  width={480}
                  height={480}
                  sizes={THUMB_SIZES}
                  className="aspect-square w-full object-cover transition-transform hover:scale-105"
                />
              </LinkThenButton>
              {item.caption || item.credit ? (
                <figcaption className="mt-1 text-sm text-ink-600">
                  {item.caption ? <span className="line-clamp-2">{item.caption}</span> : null}
                  {item.credit ? <span className="block text-xs text-ink-500">{photoCredit(item)}</span> : null}
                </figcaption>
              ) : null}
            </figure>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        aria-label="Photo viewer"
        onClose={onClosed}
        onKeyDown={onKeyDown}
        className="m-0 h-dvh max-h-none w-screen max-w-none bg-ink-900/95 p-0 text-white backdrop:bg-black/80"
      >
        {photo && shown !== null ? (
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between gap-4 px-4 py-3">
              <p aria-live="polite" className="text-sm text-ink-200">
                Photo {shown + 1} of {photos.length}
              </p>
              <button
                type="button"
                onClick={() => dialog.current?.close()}
                className="inline-flex size-11 items-center justify-center rounded-full hover:bg-white/10"
              >
                <X aria-hidden="true" className="size-6" />
                <span className="sr-only">Close</span>
              </button>
            </div>
            <div
              className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 select-none"
              data-testid="lightbox-stage"
              onPointerDown={onPointerDown}
              onPointerUp={onPointerUp}
              onPointerCancel={() => (swipeStart.current = null)}
            >
              <ResponsiveImage
                key={photo.id}
                src={photo.image}
                alt={photoAlt(photo, shown, photos.length)}
                sizes="100vw"
                priority
                className="max-h-full max-w-full object-contain"
              />
              <button
                type="button"
                onClick={() => step(-1)}
                className="absolute left-2 inline-flex size-11 items-center justify-center rounded-full bg-black/50 hover:bg-black/70"
              >
                <ChevronLeft aria-hidden="true" className="size-6" />
                <span className="sr-only">Previous photo</span>
              </button>
              <button
                type="button"
                onClick={() => step(1)}
                className="absolute right-2 inline-flex size-11 items-center justify-center rounded-full bg-black/50 hover:bg-black/70"
              >
                <ChevronRight aria-hidden="true" className="size-6" />
                <span className="sr-only">Next photo</span>
              </button>
            </div>
            <div className="min-h-16 px-4 py-3 text-center" data-testid="lightbox-caption">
              {photo.caption ? <p>{photo.caption}</p> : null}
              {photo.credit ? <p className="text-sm text-ink-300">{photoCredit(photo)}</p> : null}
            </div>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
