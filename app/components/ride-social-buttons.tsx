import { useId } from "react";
import { SOCIAL_LINK_MESSAGES } from "~/domain/social-link-messages";
import { InstagramIcon, YoutubeIcon } from "./social-icons";

type RideSocialButtonsProps = { instagramUrl: string; youtubeUrl: string; rideTitle: string };

const BUTTON =
  "inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-full border-2 px-4 text-sm font-semibold transition-colors";

/**
 * The Instagram and YouTube buttons of a completed ride (product.md#ride-cards). A link that is set opens
 * in a new tab; one that is missing still shows its button, which explains in an alert of HTML's
 * own (a popover): it answers from the first paint, with or without JavaScript, and needs no
 * island (decision 017, note of 2026-11-26).
 */
export function RideSocialButtons({ instagramUrl, youtubeUrl, rideTitle }: RideSocialButtonsProps) {
  return (
    <div className="flex gap-2">
      <SocialButton
        href={instagramUrl}
        missingMessage={SOCIAL_LINK_MESSAGES.instagramMissing}
        label="Instagram"
        rideTitle={rideTitle}
        className={`${BUTTON} border-brand-600 text-brand-700 hover:bg-brand-600 hover:text-white`}
        icon={<InstagramIcon className="size-4" />}
      />
      <SocialButton
        href={youtubeUrl}
        missingMessage={SOCIAL_LINK_MESSAGES.youtubeMissing}
        label="YouTube"
        rideTitle={rideTitle}
        className={`${BUTTON} border-ink-800 text-ink-800 hover:bg-ink-800 hover:text-white`}
        icon={<YoutubeIcon className="size-4" />}
      />
    </div>
  );
}

type SocialButtonProps = {
  href: string;
  missingMessage: string;
  label: string;
  rideTitle: string;
  className: string;
  icon: React.ReactNode;
};

function SocialButton({ href, missingMessage, label, rideTitle, className, icon }: SocialButtonProps) {
  const content = (
    <>
      {icon}
      {label}
      <span className="sr-only"> of {rideTitle}</span>
    </>
  );
  const messageId = useId();
  if (/^https?:\/\//i.test(href.trim())) {
    return (
      <a href={href.trim()} target="_blank" rel="noopener noreferrer" className={className}>
        {content}
      </a>
    );
  }
  return (
    <>
      <button type="button" popoverTarget={messageId} className={className}>
        {content}
      </button>
      {/* Centred over the page like the browser's own alert; a tap outside or Escape closes it too. */}
      <div
        id={messageId}
        popover="auto"
        role="alert"
        className="fixed inset-0 m-auto h-fit w-[min(20rem,calc(100vw-2rem))] rounded-card bg-white p-5 text-center text-ink-900 shadow-card backdrop:bg-ink-950/40"
      >
        <p>{missingMessage}</p>
        <button
          type="button"
          popoverTarget={messageId}
          popoverTargetAction="hide"
          className="mt-4 inline-flex min-h-11 items-center rounded-full bg-ink-900 px-6 font-semibold text-white hover:bg-brand-600"
        >
          OK
        </button>
      </div>
    </>
  );
}
