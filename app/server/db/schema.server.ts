import type { Kysely, Transaction } from "kysely";

/**
 * Tables (DESIGN.md "Data"): the columns that queries filter, sort or aggregate on, and the
 * rest of each document as JSON text in `data`. Timestamps are UTC ISO-8601 strings.
 */
export interface RidesTable {
  id: string;
  status: string;
  /** NULL when the ride has no order; sorted as 999 (SPEC §7). */
  sort_order: number | null;
  start_date: string;
  end_date: string;
  /** Derived at write time so statistics are one small query, not a parse of every document. */
  participants: number;
  distance_km: number;
  version: number;
  data: string;
  created_at: string;
  updated_at: string;
}

export interface HeroSlidesTable {
  id: string;
  sort_order: number;
  /** 1 or 0 on both engines. */
  is_active: number;
  data: string;
  created_at: string;
  updated_at: string;
}

/** Single records ('main') of SPEC §3: featuredRide, stats, config. */
export interface DocumentsTable {
  collection: string;
  id: string;
  data: string;
  updated_at: string;
}

export interface UsersTable {
  id: string;
  email: string;
  display_name: string;
  role: string;
  password_hash: string | null;
  google_subject: string | null;
  created_at: string;
  last_login_at: string | null;
}

/** The audit trail of admin writes, newest read first. */
export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  actor_email: string;
  action: string;
  collection: string;
  record_id: string | null;
  summary: string;
  created_at: string;
}

/** One uploaded image (app/server/images); `variants` is a JSON array of the stored WebP widths. */
export interface ImagesTable {
  key: string;
  original_name: string;
  width: number;
  height: number;
  variants: string;
  /** A tiny blurred WebP as a data: URI, shown while the real image loads. */
  placeholder: string;
  /** Size of the original upload. */
  bytes: number;
  created_at: string;
}

export interface DB {
  rides: RidesTable;
  hero_slides: HeroSlidesTable;
  documents: DocumentsTable;
  users: UsersTable;
  images: ImagesTable;
  audit_log: AuditLogTable;
}

export type Database = Kysely<DB>;
/** A database handle or an open transaction: services accept either. */
export type Executor = Kysely<DB> | Transaction<DB>;
