import { ClipboardList } from "lucide-react";
import { FormDialogButton } from "./form-dialog-button";

export const COMMUNITY_FORM_TITLE = "Join Our Community";

/**
 * The contact page's 'Join Our Community' button and the community form's pop-up
 * (product.md#contact-page), an island.
 */
export function CommunityFormButton({ src }: { src: string }) {
  return (
    <FormDialogButton
      dialogTitle={COMMUNITY_FORM_TITLE}
      src={src}
      className="mt-8 inline-flex min-h-12 items-center gap-2 rounded-full bg-brand-600 px-7 font-semibold text-white shadow-lg transition-colors hover:bg-brand-700"
    >
      <ClipboardList aria-hidden="true" className="size-5" />
      {COMMUNITY_FORM_TITLE}
    </FormDialogButton>
  );
}
