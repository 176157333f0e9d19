import { passportShareCardHref } from "~/domain/links";
import { type ShareCard, shareCardStamp } from "~/domain/share-card";
import { passportFigureTexts, passportTitle, type PassportFigures } from "./passport";

/** A public ride passport's card: the first name and the figures, no photo (docs/features/ride-passport.md). */
export function passportShareCard(firstName: string, figures: PassportFigures): ShareCard {
  return {
    title: passportTitle(firstName),
    subtitle: passportFigureTexts(figures).join(" · "),
    price: null,
    seats: null,
    image: null,
  };
}

/** /share/passport/{slug}/{stamp}.jpg */
export function passportShareCardPath(slug: string, card: ShareCard): string {
  return passportShareCardHref(slug, shareCardStamp(card));
}
