import { pushNotifications } from "~/features/rider-messages/sw/push";
import type { WorkerPart } from "~/sw/worker-part";

// The features' parts of the public site's service worker (app/sw/sw.ts), in the order it adds them (decision 050).

export const WORKER_PARTS: readonly WorkerPart[] = [pushNotifications];
