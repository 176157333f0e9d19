import * as Dialog from "@radix-ui/react-dialog";
import { ExternalLink, X } from "lucide-react";

export type EmbeddedFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's heading, also the frame's accessible title. */
  title: string;
  /** The external form's URL (http or https). */
  src: string;
};

/**
 * A modal with an external form in a frame: the community form of the contact page and the
 * registration form of a ride (product.md#contact-page, #registration). Radix Dialog closes it on Escape, a click on
 * the overlay or the close button, traps focus inside while open and locks page scrolling
 * (the button that opened it, FormDialogButton, takes the focus back). The form's own link is offered too, for a network or
 * a form host that refuses to show it in a frame.
 */
export function EmbeddedFormDialog({ open, onOpenChange, title, src }: EmbeddedFormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="dialog-overlay" className="fixed inset-0 z-50 bg-ink-950/75 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-x-2 top-[4svh] bottom-[4svh] z-50 mx-auto flex max-w-3xl flex-col overflow-hidden rounded-card bg-white shadow-2xl sm:inset-x-6">
          <div className="flex items-start gap-3 border-b border-ink-100 px-5 py-4">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="font-display text-xl font-bold text-ink-900">{title}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-ink-600">
                Trouble seeing the form?{" "}
                <a
                  href={src}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-semibold text-brand-700 underline"
                >
                  Open it in a new tab
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                </a>
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink-700 hover:bg-ink-100"
            >
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <iframe
            src={src}
            title={title}
            loading="lazy"
            // What a hosted form needs to run, submit and open its own links. allow-same-origin gives the form its
            // own site's cookies (a form may need a signed-in account); being on another site, it still cannot reach this page.
            // oxlint-disable-next-line react/iframe-missing-sandbox
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
            className="min-h-0 w-full flex-1 bg-sand-50"
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
