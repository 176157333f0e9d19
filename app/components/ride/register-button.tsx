import { ClipboardPen } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";

// Most rides have no booking form, so the dialog's code (Radix Dialog, ~13 KB gzipped) is
// fetched only for a ride that has one, when the visitor points at, focuses or presses
// Register Now, and is not part of the page's first load.
const loadDialog = () => import("~/components/embedded-form-dialog");
const EmbeddedFormDialog = lazy(() => loadDialog().then((module) => ({ default: module.EmbeddedFormDialog })));

const BUTTON_CLASS =
  "flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-3 text-lg font-bold text-white shadow-sm transition hover:bg-brand-700";

const label = (
  <>
    <ClipboardPen aria-hidden="true" className="size-5" />
    Register Now
  </>
);

/**
 * SPEC §4 'Register Now': the ride's booking form in a pop-up when it has one, otherwise
 * the contact page.
 */
export function RegisterButton({ rideTitle, bookingFormUrl }: { rideTitle: string; bookingFormUrl: string }) {
  if (!bookingFormUrl) {
    return (
      <Link to="/contact" className={BUTTON_CLASS}>
        {label}
      </Link>
    );
  }
  return <BookingFormButton rideTitle={rideTitle} bookingFormUrl={bookingFormUrl} />;
}

function BookingFormButton({ rideTitle, bookingFormUrl }: { rideTitle: string; bookingFormUrl: string }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // The dialog has no trigger of its own to give focus back to when it closes: this button takes it.
  useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        className={BUTTON_CLASS}
      >
        {label}
      </button>
      {mounted ? (
        <Suspense
          fallback={
            <p role="status" className="sr-only">
              Opening the booking form…
            </p>
          }
        >
          <EmbeddedFormDialog
            open={open}
            onOpenChange={setOpen}
            title={`Register for ${rideTitle}`}
            src={bookingFormUrl}
          />
        </Suspense>
      ) : null}
    </>
  );
}
