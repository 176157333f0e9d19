import {
  type ComponentPropsWithoutRef,
  type ReactNode,
  type RefObject,
  useCallback,
  useRef,
  useSyncExternalStore,
} from "react";

/** What ends a press on the link: its click (wherever the pointer was let go), or a cancel (a drag, a scroll). */
const PRESS_ENDS = ["click", "pointercancel"] as const;

/**
 * Tells React when a press may have ended, in a task of its own: after the click's default
 * action, which a link taken out of the page would not take. A message, never a timer.
 */
function subscribeToPressEnds(changed: () => void): () => void {
  const afterPress = () => {
    const channel = new MessageChannel();
    channel.port1.addEventListener("message", changed, { once: true });
    channel.port1.start();
    channel.port2.postMessage(null);
  };
  for (const type of PRESS_ENDS) window.addEventListener(type, afterPress);
  return () => {
    for (const type of PRESS_ENDS) window.removeEventListener(type, afterPress);
  };
}

/**
 * False as the server draws the control and while its island hydrates (so hydration finds the
 * link), true once the island has hydrated. A press begun on the link before that (the pointer
 * still down on it, `:active`) first ends as the link's click: a link taken away mid-press
 * loses its click.
 */
function useSwitchedToButton(link: RefObject<HTMLAnchorElement | null>): boolean {
  return useSyncExternalStore(
    subscribeToPressEnds,
    () => !link.current?.matches(":active"),
    () => false,
  );
}

type LinkThenButtonProps = Omit<ComponentPropsWithoutRef<"button">, "type" | "className" | "children"> & {
  /** Where the link leads: what the control does before its island has hydrated, or without JavaScript. */
  href: string;
  /** The link opens in a tab of its own (another site's form, WhatsApp). */
  newTab?: boolean;
  className: string;
  children: ReactNode;
  /** The control on the page, link or button: to give the focus back to. */
  controlRef?: RefObject<HTMLElement | null>;
};

/**
 * A public control that toggles, opens a dialog or copies (decision 017, note of 2026-11-28).
 * The server draws it as a link that does the same without a script (first tap kept); once its
 * island has hydrated it is a button, announced as one and pressed with Space as well as
 * Enter. The button gets every prop but the link's: its ARIA state (aria-expanded,
 * aria-haspopup) and handlers are true of the button only. Both have the same classes, so the
 * box does not move; a link that had the focus hands it to the button.
 */
export function LinkThenButton({
  href,
  newTab = false,
  className,
  children,
  controlRef,
  ...button
}: LinkThenButtonProps) {
  const link = useRef<HTMLAnchorElement | null>(null);
  const linkHadFocus = useRef(false);
  const switched = useSwitchedToButton(link);

  const linkRef = useCallback(
    (element: HTMLAnchorElement) => {
      link.current = element;
      if (controlRef) controlRef.current = element;
      // React calls this before it takes the link out of the page, while it may still hold the focus.
      return () => {
        linkHadFocus.current = document.activeElement === element;
        link.current = null;
      };
    },
    [controlRef],
  );

  const buttonRef = useCallback(
    (element: HTMLButtonElement | null) => {
      if (controlRef) controlRef.current = element;
      if (!element || !linkHadFocus.current) return;
      linkHadFocus.current = false;
      element.focus();
    },
    [controlRef],
  );

  if (switched) {
    return (
      <button ref={buttonRef} type="button" className={className} {...button}>
        {children}
      </button>
    );
  }
  return (
    <a
      ref={linkRef}
      href={href}
      className={className}
      {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
    >
      {children}
    </a>
  );
}
