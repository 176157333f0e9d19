import { STATS_MESSAGES } from "~/domain/messages";
import type { AppServices } from "~/context";
import type { AuditActor } from "../services/audit.server";
import { refreshStats } from "../services/stats.server";
import { auditChange, failed, succeeded } from "./respond.server";

/** 'Refresh Stats': recomputes the statistics from the rides. */
export async function statsAction({ services, actor }: { services: AppServices; actor: AuditActor }) {
  try {
    await refreshStats(services.db);
    await auditChange(services, actor, { action: "refreshed", collection: "stats", recordId: "main", summary: "Refreshed the statistics" });
    return succeeded(STATS_MESSAGES.refreshed);
  } catch (error) {
    services.logger.error({ err: error }, "refreshing the statistics failed");
    return failed(500, STATS_MESSAGES.refreshFailed);
  }
}
