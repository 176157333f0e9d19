import { STATS_MESSAGES } from "~/domain/messages";
import { refreshStats } from "../services/stats.server";
import { type AdminActionContext, auditChange, failed, succeeded } from "./respond.server";

/** 'Refresh Stats': recomputes the statistics from the rides. */
export async function statsAction({ services, actor }: AdminActionContext) {
  try {
    await refreshStats(services.db);
    await auditChange(services, actor, {
      action: "refreshed",
      collection: "stats",
      recordId: "main",
      summary: "Refreshed the statistics",
    });
    return succeeded(STATS_MESSAGES.refreshed);
  } catch (error) {
    services.logger.error({ err: error }, "refreshing the statistics failed");
    return failed(500, STATS_MESSAGES.refreshFailed);
  }
}
