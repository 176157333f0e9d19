import logoMarkSvg from "~/assets/logo-mark.svg?raw";
import wordmarkSvg from "~/assets/wordmark.svg?raw";

// The logos are drawn inline, not through <img>: an SVG image is a document of its own, which
// cost a phone 57–79 ms of main-thread work each (decision 017, note of 2026-11-26). The files stay
// the one source of both drawings (the favicon and the share cards use them too).

/** The round mark, decorative: the wordmark or the company name beside it says whose it is. */
export function LogoMark({ className }: { className: string }) {
  return (
    <span
      aria-hidden="true"
      className={`block shrink-0 [&>svg]:size-full ${className}`}
      dangerouslySetInnerHTML={{ __html: logoMarkSvg }}
    />
  );
}

/** The product's name as drawn, read out as `label`. 126 × 24 px, as the wordmark's own proportions. */
export function Wordmark({ label }: { label: string }) {
  return (
    <span
      role="img"
      aria-label={label}
      className="block h-6 w-31.5 [&>svg]:size-full"
      dangerouslySetInnerHTML={{ __html: wordmarkSvg }}
    />
  );
}
