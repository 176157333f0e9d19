import { sql } from "kysely";
import { expect, it } from "vitest";
import type { Engine } from "~/server/db/database.server";
import type { DB, Database } from "~/server/db/schema.server";
import { describeEachEngine, listTables } from "../support/databases";

type ColumnType = "text" | "integer";
type Column = { type: ColumnType; nullable: boolean };

/**
 * What each column must look like, derived from the TypeScript table types: the compiler
 * rejects this list if it misses a column of the interfaces, names one they lack, or
 * disagrees with them on nullability or on text vs number.
 */
type ExpectedSchema = {
  [T in keyof DB]: {
    [C in keyof DB[T]]-?: {
      type: NonNullable<DB[T][C]> extends string ? "text" : "integer";
      nullable: null extends DB[T][C] ? true : false;
    };
  };
};

const text = { type: "text", nullable: false } as const;
const nullableText = { type: "text", nullable: true } as const;
const integer = { type: "integer", nullable: false } as const;

const expected: ExpectedSchema = {
  rides: {
    id: text,
    status: text,
    sort_order: { type: "integer", nullable: true },
    start_date: text,
    end_date: text,
    participants: integer,
    distance_km: integer,
    version: integer,
    data: text,
    created_at: text,
    updated_at: text,
    published_at: nullableText,
    schedule_set_at: nullableText,
  },
  hero_slides: {
    id: text,
    sort_order: integer,
    is_active: integer,
    data: text,
    created_at: text,
    updated_at: text,
    published_at: nullableText,
  },
  documents: { collection: text, id: text, data: text, updated_at: text },
  users: {
    id: text,
    email: text,
    display_name: text,
    role: text,
    password_hash: nullableText,
    google_subject: nullableText,
    created_at: text,
    last_login_at: nullableText,
    totp_secret: nullableText,
    totp_enabled_at: nullableText,
    totp_last_step: { type: "integer", nullable: true },
  },
  sessions: {
    id: text,
    user_id: text,
    created_at: text,
    last_seen_at: text,
    expires_at: text,
    idle_expires_at: text,
    proven_at: nullableText,
  },
  login_attempts: { id: text, key: text, attempted_at: text },
  images: {
    key: text,
    original_name: text,
    width: integer,
    height: integer,
    variants: text,
    placeholder: text,
    bytes: integer,
    created_at: text,
  },
  audit_log: {
    id: text,
    actor_id: nullableText,
    actor_email: text,
    action: text,
    collection: text,
    record_id: nullableText,
    summary: text,
    created_at: text,
  },
  registrations: {
    id: text,
    ride_id: text,
    reference: text,
    token_hash: nullableText,
    status: text,
    seats: integer,
    option: text,
    phone: nullableText,
    checked_in_at: nullableText,
    data: text,
    created_at: text,
    updated_at: text,
    erased_at: nullableText,
    token_sealed: nullableText,
    reminders: integer,
    waiver_id: nullableText,
    waiver_name: nullableText,
    waiver_accepted_at: nullableText,
    rider_id: nullableText,
    transfer_token_hash: nullableText,
    transfer_created_at: nullableText,
    pending_token_hash: nullableText,
    pending_token_sealed: nullableText,
    cancellation_policy: nullableText,
  },
  ride_routes: {
    ride_id: text,
    original_key: text,
    original_name: text,
    bytes: integer,
    data: text,
    created_at: text,
    updated_at: text,
  },
  recovery_codes: { id: text, user_id: text, code_hash: text, used_at: nullableText },
  passkeys: {
    id: text,
    user_id: text,
    name: text,
    public_key: text,
    counter: integer,
    transports: text,
    created_at: text,
    last_used_at: nullableText,
  },
  invites: {
    id: text,
    email: text,
    role: text,
    invited_by: nullableText,
    created_at: text,
    expires_at: text,
    accepted_at: nullableText,
  },
  ride_captains: { ride_id: text, user_id: text },
  auth_challenges: {
    id: text,
    user_id: nullableText,
    purpose: text,
    data: text,
    created_at: text,
    expires_at: text,
  },
  team_settings: { id: text, require_two_factor: integer, updated_at: text },
  revisions: {
    id: text,
    collection: text,
    record_id: text,
    action: text,
    actor_id: nullableText,
    actor_email: text,
    data: text,
    created_at: text,
  },
  outbox: {
    id: text,
    kind: text,
    payload: text,
    label: text,
    created_at: text,
    due_at: text,
    claimed_until: nullableText,
    attempts: integer,
    last_error: nullableText,
    delivered_at: nullableText,
    failed_at: nullableText,
  },
  ride_messages: {
    id: text,
    ride_id: text,
    kind: text,
    subject: text,
    body: text,
    origin: nullableText,
    sent_by: text,
    created_at: text,
    reminder_key: nullableText,
  },
  message_deliveries: {
    id: text,
    message_id: text,
    registration_id: text,
    channel: text,
    status: text,
    error: nullableText,
    created_at: text,
    updated_at: text,
  },
  push_subscriptions: {
    id: text,
    registration_id: text,
    endpoint: text,
    p256dh: text,
    auth: text,
    created_at: text,
  },
  waivers: {
    id: text,
    scope: text,
    version: integer,
    text,
    created_at: text,
    created_by: text,
  },
  roll_calls: { id: text, ride_id: text, label: text, created_by: nullableText, created_at: text },
  roll_call_marks: {
    roll_call_id: text,
    registration_id: text,
    mark: text,
    marked_by: nullableText,
    marked_at: text,
  },
  ride_photos: {
    id: text,
    ride_id: text,
    image: text,
    caption: text,
    position: integer,
    cover: integer,
    source: text,
    registration_id: nullableText,
    credit: text,
    status: text,
    created_at: text,
    updated_at: text,
    reviewed_at: nullableText,
    reviewed_by: nullableText,
  },
  ride_day_ops: {
    id: text,
    ride_id: text,
    kind: text,
    registration_id: nullableText,
    outcome: text,
    message: nullableText,
    applied_by: nullableText,
    applied_at: text,
  },
  ride_feedback: {
    id: text,
    ride_id: text,
    registration_id: text,
    rating: integer,
    words: text,
    credit: text,
    status: text,
    created_at: text,
    updated_at: text,
    reviewed_at: nullableText,
    reviewed_by: nullableText,
  },
  riders: {
    id: text,
    email: text,
    created_at: text,
    last_seen_at: text,
    details: nullableText,
    details_saved_at: nullableText,
    passport_slug: nullableText,
    admin_note: text,
  },
  rider_sessions: {
    id: text,
    rider_id: text,
    created_at: text,
    last_seen_at: text,
    expires_at: text,
    idle_expires_at: text,
  },
  rider_sign_in_links: {
    id: text,
    email: text,
    created_at: text,
    expires_at: text,
    used_at: nullableText,
    browser_hash: nullableText,
  },
  rider_passkeys: {
    id: text,
    rider_id: text,
    name: text,
    public_key: text,
    counter: integer,
    transports: text,
    created_at: text,
    last_used_at: nullableText,
  },
  credit_entries: {
    id: text,
    rider_id: nullableText,
    registration_id: nullableText,
    kind: text,
    state: text,
    amount_paise: integer,
    note: text,
    created_at: text,
    decided_at: nullableText,
    decided_by: nullableText,
  },
  booking_entries: {
    id: text,
    registration_id: text,
    ride_id: text,
    kind: text,
    part: nullableText,
    amount_paise: integer,
    state: text,
    method: nullableText,
    reference: nullableText,
    source: text,
    note: text,
    created_at: text,
    decided_at: nullableText,
    returns_entry_id: nullableText,
  },
  payment_links: {
    link_id: text,
    registration_id: text,
    reference_id: text,
    order_id: nullableText,
    amount_paise: integer,
    token_hash: text,
    created_at: text,
    cancelled_at: nullableText,
  },
  payment_events: {
    id: text,
    event: text,
    received_at: text,
  },
  money_documents: {
    id: text,
    registration_id: text,
    ride_id: text,
    entry_id: nullableText,
    type: text,
    series: text,
    financial_year: text,
    number: integer,
    code: text,
    issued_at: text,
    amount_paise: integer,
    body: text,
    corrects_document_id: nullableText,
  },
  document_counters: { series: text, financial_year: text, last_number: integer },
  money_document_settings: { id: text, data: text, updated_at: text },
};

/** The columns of a table as the engine's own catalog describes them. */
async function catalogColumns(db: Database, engine: Engine, table: string): Promise<Record<string, Column>> {
  const { rows } =
    engine === "sqlite"
      ? await sql<{
          name: string;
          type: string;
          notnull: number;
        }>`select name, type, "notnull" from pragma_table_info(${table})`.execute(db)
      : await sql<{ name: string; type: string; notnull: boolean }>`
          select column_name as name, data_type as type, is_nullable = 'NO' as notnull
          from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return Object.fromEntries(
    rows.map((row) => [row.name, { type: row.type.toLowerCase() as ColumnType, nullable: !row.notnull }]),
  );
}

describeEachEngine("migrated schema", (getDb, engine) => {
  it("has exactly the tables of the TypeScript schema", async () => {
    expect(await listTables(getDb(), engine)).toEqual(Object.keys(expected).sort());
  });

  for (const [table, columns] of Object.entries(expected)) {
    it(`${table} has the columns, types and nullability of its interface`, async () => {
      expect(await catalogColumns(getDb(), engine, table)).toEqual(columns);
    });
  }
});
