import { useEffect, useRef, useState } from "react";
import { RegisterLabel } from "./register-button";

/** Where the bar looks: the ride's title (in its hero), and the booking card it stands in for. */
const HERO = "article h1";
const BOOKING_CARD = '[aria-labelledby="booking-heading"]';

/**
 * The phone's sticky bar (decision 023): the ride's price and Register Now at the bottom of the
 * screen while the rider reads on, once the hero has scrolled away, and hidden again when the
 * booking card itself is in view. While shown, the page gets room below its last line, so the
 * bar never covers content; while hidden, it is out of the tab order. Register Now is the
 * booking card's own: a link to the ride's form here, or it presses the card's control (which
 * opens the external form, or leads to the contact page), so both behave the same.
 */
export function BookingBar({ price, registerHref }: { price: string | null; registerHref: string | null }) {
  const [shown, setShown] = useState(false);
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const hero = document.querySelector(HERO);
    const card = document.querySelector(BOOKING_CARD);
    if (!hero || !card) return;
    const inView = new Map<Element, boolean>([
      [hero, true],
      [card, false],
    ]);
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) inView.set(entry.target, entry.isIntersecting);
      setShown(!inView.get(hero) && !inView.get(card));
    });
    observer.observe(hero);
    observer.observe(card);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    // Only where the bar is drawn (phones: the class hides it from lg up) does the page need room.
    const drawn = shown && bar.current !== null && bar.current.offsetHeight > 0;
    document.body.style.paddingBottom = drawn ? `${bar.current!.offsetHeight}px` : "";
    return () => {
      document.body.style.paddingBottom = "";
    };
  }, [shown]);

  const pressCardButton = () => {
    const card = document.querySelector(BOOKING_CARD);
    const button = [...(card?.querySelectorAll<HTMLElement>("a, button") ?? [])].find((element) =>
      element.textContent?.includes("Register Now"),
    );
    card?.scrollIntoView({ block: "center" });
    button?.focus();
    button?.click();
  };

  return (
    <div
      ref={bar}
      role="region"
      aria-label="Quick booking"
      hidden={!shown}
      data-testid="booking-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-ink-100 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur lg:hidden"
    >
      <div className="mx-auto flex max-w-xl items-center gap-4">
        {price ? (
          <p className="shrink-0">
            <span className="sr-only">Ride amount: </span>
            <span className="text-xl font-bold text-ink-900">{price}</span>
          </p>
        ) : null}
        <div className="min-w-0 flex-1 [&>*]:py-2.5 [&>*]:text-base">
          {registerHref ? (
            <a
              href={registerHref}
              className="flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 font-bold text-white hover:bg-brand-700"
            >
              <RegisterLabel />
            </a>
          ) : (
            <button
              type="button"
              onClick={pressCardButton}
              className="flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 font-bold text-white hover:bg-brand-700"
            >
              <RegisterLabel />
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
