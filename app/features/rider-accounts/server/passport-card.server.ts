import type { ShareCardKind } from "~/server/registries/share-card-kind.server";
import { passportShareCard, passportShareCardPath } from "../domain/passport-card";
import { publicPassport } from "./passport.server";

/**
 * A public passport's share card, /share/passport/{slug}/{stamp}.jpg: kept by nobody, since a
 * passport made private, or its account erased, must answer 404 at once (docs/features/ride-passport.md).
 */
export const passportCards: ShareCardKind = {
  async find(services, slug) {
    const passport = await publicPassport(services.db, slug);
    if (!passport) return null;
    const card = passportShareCard(passport.firstName, passport.figures);
    return { card, address: passportShareCardPath(passport.slug, card) };
  },
  unkept: true,
};
