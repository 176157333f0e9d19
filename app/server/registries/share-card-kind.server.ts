import type { AppServices } from "~/context";
import type { ShareCard } from "~/domain/share-card";

// A kind of share card a feature adds at /share/{kind}/{name}/{stamp}.jpg (routes/resources/share-card.ts),
// beside the core's rides and pages; listed in app/features/slots/share-cards.server.ts (decision 050).

export type ShareCardKind = {
  /** The card of that name as it is now, and its address; null when there is none (404). */
  find(services: AppServices, name: string): Promise<{ card: ShareCard; address: string } | null>;
  /** No cache on the way keeps its answers (a withdrawn card answers 404 at once); otherwise an address is kept for ever. */
  unkept?: boolean;
};
