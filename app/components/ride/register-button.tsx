import { ClipboardPen } from "lucide-react";
import { FormDialogButton } from "~/components/form-dialog-button";
import { CONTACT_PATH } from "~/domain/links";

export const REGISTER_BUTTON_CLASS =
  "flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-3 text-lg font-bold text-white shadow-sm transition hover:bg-brand-700";

export function RegisterLabel() {
  return (
    <>
      <ClipboardPen aria-hidden="true" className="size-5" />
      Register Now
    </>
  );
}

/**
 * 'Register Now' (product.md#registration), an island: the ride's booking form in a pop-up when it has one,
 * otherwise the contact page.
 */
export function RegisterButton({ rideTitle, bookingFormUrl }: { rideTitle: string; bookingFormUrl: string }) {
  if (!bookingFormUrl) {
    return (
      <a href={CONTACT_PATH} className={REGISTER_BUTTON_CLASS}>
        <RegisterLabel />
      </a>
    );
  }
  return (
    <FormDialogButton dialogTitle={`Register for ${rideTitle}`} src={bookingFormUrl} className={REGISTER_BUTTON_CLASS}>
      <RegisterLabel />
    </FormDialogButton>
  );
}
