import type { AuditActor } from "~/domain/audit";
import type { Database } from "../db/schema.server";
import {
  type AdminActionContext,
  failed,
  failedWrite,
  INVALID_REQUEST,
  readJsonObject,
  succeeded,
} from "./respond.server";

type SingleRecord<Field extends string, Saved> = {
  /** The body's field that holds the record, and the answer's field that holds it saved: { [field]: {…} }. */
  field: Field;
  /**
   * The service's save: validates the input and writes it, with its revision and audit row
   * naming `actor`, as one command; returns what was stored.
   */
  save: (db: Database, input: unknown, options: { actor: AuditActor }) => Promise<Saved>;
  messages: { saved: string; failed: string };
  /** The log line of an unexpected failure. */
  log: string;
};

/**
 * The action of a page that edits one record as a whole (the contact information, the
 * featured ride): a JSON body { [field]: {…} } is saved (and audited, by the service) and
 * answered with the stored record; the service's refusals keep their meaning (see failedWrite).
 */
export function singleRecordAction<Field extends string, Saved>(record: SingleRecord<Field, Saved>) {
  return async (request: Request, { services, actor }: AdminActionContext) => {
    const body = await readJsonObject(request);
    if (!body) return failed(400, INVALID_REQUEST);
    try {
      const saved = await record.save(services.db, body[record.field], { actor });
      return succeeded(record.messages.saved, { [record.field]: saved } as Record<Field, Saved>);
    } catch (error) {
      return failedWrite(services, error, record.messages.failed, record.log);
    }
  };
}
