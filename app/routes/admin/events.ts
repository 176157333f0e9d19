import { contentEventStream, endContentEventStreamsOnShutdown } from "~/server/live/content-event-stream.server";
import type { Route } from "./+types/events";

/**
 * Live updates for the admin portal (server-sent events): one `content` event per committed
 * change, from any admin on any instance. The admin layout's middleware has already required
 * an admin session, so nothing here reaches a visitor.
 */
export function loader({ request }: Route.LoaderArgs) {
  endContentEventStreamsOnShutdown();
  const since = new URL(request.url).searchParams.get("since");
  return contentEventStream({ signal: request.signal, since });
}
