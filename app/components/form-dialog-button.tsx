import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { LinkThenButton } from "./link-then-button";

// The dialog's code (Radix Dialog, ~13 KB compressed) is fetched when the visitor points at,
// focuses or presses the button, not with the page: most visitors never open it.
const loadDialog = () => import("./embedded-form-dialog");
const EmbeddedFormDialog = lazy(() => loadDialog().then((module) => ({ default: module.EmbeddedFormDialog })));

type FormDialogButtonProps = {
  /** The dialog's heading and the frame's accessible title. */
  dialogTitle: string;
  /** The external form's URL (http or https). */
  src: string;
  className: string;
  children: ReactNode;
};

/**
 * A button that opens an external form in a pop-up: Register Now, Join Our Community
 * (product.md#registration, #contact-page). Until its island has hydrated (or without
 * JavaScript) it is a plain link that opens the form in a tab of its own, so the first tap
 * never goes unanswered (decision 017, notes of 2026-11-26 and 2026-12-03).
 */
export function FormDialogButton({ dialogTitle, src, className, children }: FormDialogButtonProps) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const opener = useRef<HTMLElement>(null);
  const wasOpen = useRef(false);

  // The dialog has no trigger of its own to give focus back to when it closes: this button takes it.
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <>
      <LinkThenButton
        controlRef={opener}
        href={src}
        newTab
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        className={className}
      >
        {children}
      </LinkThenButton>
      {mounted ? (
        <Suspense
          fallback={
            <p role="status" className="sr-only">
              Opening the form…
            </p>
          }
        >
          <EmbeddedFormDialog open={open} onOpenChange={setOpen} title={dialogTitle} src={src} />
        </Suspense>
      ) : null}
    </>
  );
}
