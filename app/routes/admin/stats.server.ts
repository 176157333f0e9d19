import { STATS_MESSAGES } from "~/domain/messages";
import { refreshStats } from "~/server/content/stats.server";
import { dispatchIntent } from "~/server/admin/intent-dispatch.server";
import { type AdminActionContext, failed, succeeded } from "~/server/admin/respond.server";

/** The Statistics page's one write, as its button sends it: { intent: "refresh" }. */
export function statsAction(request: Request, context: AdminActionContext) {
  return dispatchIntent(request, context, { refresh }, STATS_MESSAGES.unknownAction);
}

/** 'Refresh Stats': recomputes the statistics from the rides (the service audits it). */
async function refresh(_body: Record<string, unknown>, { services, actor }: AdminActionContext) {
  try {
    await refreshStats(services.db, { actor });
    return succeeded(STATS_MESSAGES.refreshed);
  } catch (error) {
    services.logger.error({ err: error }, "refreshing the statistics failed");
    return failed(500, STATS_MESSAGES.refreshFailed);
  }
}
