import { type ContentListener, onContentChanged } from "./content-events.server";
import type { Executor } from "./db/schema.server";
import type { Logger } from "./logger.server";
import { nextRegistrationCutoff } from "./registrations/cutoffs.server";
import { nextScheduledPublication } from "./publishing/publication.server";
import { serverClock } from "./clock.server";

/** After a failed look at the schedule, when to look again. */
const RETRY_MS = 60_000;

export type PublicationSchedule = {
  /**
   * Whether a scheduled publication has come since the last answer: true once per boundary,
   * the moment it passes. Synchronous and cheap: asked before every render-cache lookup.
   */
  due(): boolean;
  close(): void;
};

/**
 * The next moment public pages change by the clock alone: a scheduled publication, or a
 * registration cut-off (the ride's cards and page turn to "Registration closed").
 */
async function nextClockChange(db: Executor, now: Date): Promise<string | null> {
  const times = await Promise.all([nextScheduledPublication(db, now), nextRegistrationCutoff(db, now)]);
  const coming = times.filter((time): time is string => time !== null).sort((a, b) => Date.parse(a) - Date.parse(b));
  return coming[0] ?? null;
}

/**
 * A scheduled publication (or a registration cut-off) writes nothing at its minute, so no
 * content event announces it. Each instance keeps the time of the next one (read at start and
 * after every content change, its own or another instance's) and reports it due once the clock
 * passes it (decision 025).
 */
export function watchPublicationSchedule(
  db: Executor,
  logger: Logger,
  {
    subscribe = onContentChanged,
    now = () => serverClock().getTime(),
  }: { subscribe?: (listener: ContentListener) => () => void; now?: () => number } = {},
): PublicationSchedule {
  let next: number | null = null;
  let closed = false;
  let reads = 0;

  const look = async (read: number) => {
    let time: number | null;
    try {
      const found = await nextClockChange(db, new Date(now()));
      time = found === null ? null : Date.parse(found);
    } catch (error) {
      logger.warn({ err: error }, "the next scheduled publication could not be read; looking again in a minute");
      time = now() + RETRY_MS;
    }
    // An older look that answers late must not undo a newer one.
    if (!closed && read === reads) next = time;
  };
  const refresh = () => {
    reads += 1;
    void look(reads);
  };

  const unsubscribe = subscribe(refresh);
  refresh();
  return {
    due: () => {
      if (next === null || now() < next) return false;
      next = null;
      refresh();
      return true;
    },
    close: () => {
      closed = true;
      unsubscribe();
    },
  };
}
