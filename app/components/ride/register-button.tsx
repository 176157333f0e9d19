import { ClipboardPen } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { EmbeddedFormDialog } from "~/components/embedded-form-dialog";

const BUTTON_CLASS =
  "flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-3 text-lg font-bold text-white shadow-sm transition hover:bg-brand-700";

/**
 * SPEC §4 'Register Now': the ride's booking form in a pop-up when it has one, otherwise
 * the contact page.
 */
export function RegisterButton({ rideTitle, bookingFormUrl }: { rideTitle: string; bookingFormUrl: string }) {
  const [open, setOpen] = useState(false);
  const label = (
    <>
      <ClipboardPen aria-hidden="true" className="size-5" />
      Register Now
    </>
  );
  if (!bookingFormUrl) {
    return (
      <Link to="/contact" className={BUTTON_CLASS}>
        {label}
      </Link>
    );
  }
  return (
    <EmbeddedFormDialog
      open={open}
      onOpenChange={setOpen}
      title={`Register for ${rideTitle}`}
      src={bookingFormUrl}
      trigger={
        <button type="button" className={BUTTON_CLASS}>
          {label}
        </button>
      }
    />
  );
}
