import { passportCards } from "~/features/rider-accounts/server/passport-card.server";
import type { ShareCardKind } from "~/server/registries/share-card-kind.server";

// The kinds of share card the features add (routes/resources/share-card.ts, decision 050), by
// the kind in their address; rides' and pages' are the core's.

export const SHARE_CARD_KINDS: Readonly<Record<string, ShareCardKind>> = { passport: passportCards };
