import type { Kysely, Transaction } from "kysely";

/**
 * Tables (DESIGN.md "Data"): the columns that queries filter, sort or aggregate on, and the
 * rest of each document as JSON text in `data`. Timestamps are UTC ISO-8601 strings.
 */
export interface RidesTable {
  id: string;
  status: string;
  /** NULL when the ride has no order; sorted as 999 (product.md#ordering). */
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
  /** When the ride becomes public: null for a draft, a time to come when scheduled (decision 025). */
  published_at: string | null;
  /**
   * When the ride got its current start date as an upcoming ride (dates moved, upcoming again);
   * null: since it was added. No reminder whose moment came before it is sent.
   */
  schedule_set_at: string | null;
}

export interface HeroSlidesTable {
  id: string;
  sort_order: number;
  /** 1 or 0 on both engines. */
  is_active: number;
  data: string;
  created_at: string;
  updated_at: string;
  /** As for rides: null for a draft, a time to come when scheduled. */
  published_at: string | null;
}

/** Single records ('main') of product.md#content-model: featuredRide, stats, config. */
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
  /** The TOTP secret (base32) once enrolment is confirmed (decision 026). */
  totp_secret: string | null;
  totp_enabled_at: string | null;
  /** The 30-second step of the last code accepted: each code works once. */
  totp_last_step: number | null;
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

/** What a committed change must still cause, delivered after the commit (decision 029). */
export interface OutboxTable {
  id: string;
  kind: string;
  payload: string;
  /** Names the entry for the admins without personal data. */
  label: string;
  created_at: string;
  due_at: string;
  claimed_until: string | null;
  attempts: number;
  last_error: string | null;
  delivered_at: string | null;
  failed_at: string | null;
}

/** An admin session; `id` is the SHA-256 (hex) of the token held in the cookie. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  /** Absolute end of the session, fixed at sign-in. */
  expires_at: string;
  /** End of the session if it stays unused; slides forward with use, never past expires_at. */
  idle_expires_at: string;
  /** When its admin last proved it is them (sign-in, password, code, passkey); null: never. */
  proven_at: string | null;
}

/** One failed (or in-flight) sign-in attempt per throttling key: `account:<email>` or `ip:<address>`. */
export interface LoginAttemptsTable {
  id: string;
  key: string;
  attempted_at: string;
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

/**
 * A rider's registration for a ride (decision 019). `data` holds the rest of the rider's answers
 * as JSON ('{}' once erased); phone, UTR and token hash are null once erased.
 */
export interface RegistrationsTable {
  id: string;
  ride_id: string;
  /** The booking reference ('RB-7K3Q'), unique within the ride. */
  reference: string;
  /** SHA-256 (hex) of the private-link token; null once erased. */
  token_hash: string | null;
  /** confirmed, waitlisted or cancelled. */
  status: string;
  /** Seats the registration takes (2 for a rider with a pillion). */
  seats: number;
  option: string;
  /** E.164; unique per ride among registrations not cancelled. */
  phone: string | null;
  checked_in_at: string | null;
  data: string;
  created_at: string;
  updated_at: string;
  erased_at: string | null;
  /** The private link's token, encrypted (link-seal.server.ts); null once erased or when no key was set. */
  token_sealed: string | null;
  /** 1 while the rider wants reminders, 0 once they turned them off. */
  reminders: number;
  /** The waiver version the rider accepted (a waivers row); null: none. */
  waiver_id: string | null;
  /** The full name the rider typed to accept it; null once erased. */
  waiver_name: string | null;
  waiver_accepted_at: string | null;
  /** The rider's account (riders), once the booking belongs to one; null: none. */
  rider_id: string | null;
  /** SHA-256 (hex) of the seat-transfer link's token while the rider offers the seat; null: none. */
  transfer_token_hash: string | null;
  transfer_created_at: string | null;
  /** Find my booking's fresh link, waiting to be first opened (SHA-256, hex); null: none. */
  pending_token_hash: string | null;
  /** The fresh link's token, encrypted as token_sealed is; null: none, or no key was set. */
  pending_token_sealed: string | null;
  /** JSON of the ride's cancellation policy when booked (decision 061); null: booked before policies. */
  cancellation_policy: string | null;
}

/** A rider's account (docs/features/rider-accounts.md): known by its email, no password. */
export interface RidersTable {
  id: string;
  /** Lower-case, trimmed; unique. */
  email: string;
  created_at: string;
  /** The last sign-in or use: an account unused for the retention period is erased. */
  last_seen_at: string;
  /** SavedDetails (features/rider-accounts/domain/account.ts) as JSON, kept with the rider's consent; null: none. */
  details: string | null;
  details_saved_at: string | null;
  /** The public passport's address (/passport/{slug}); null while private. */
  passport_slug: string | null;
  /** The organisers' note (admins only, audited, in no export). */
  admin_note: string;
}

/** A rider's session; `id` is the SHA-256 (hex) of the cookie's token. */
export interface RiderSessionsTable {
  id: string;
  rider_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  idle_expires_at: string;
}

/** A one-time sign-in link; `id` is the SHA-256 (hex) of its token. */
export interface RiderSignInLinksTable {
  id: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** SHA-256 (hex) of the nonce the asking browser keeps in its cookie; null: asked before there was one. */
  browser_hash: string | null;
}

/** A rider's passkey: the columns of a team member's (PasskeysTable), owned by a rider. */
export interface RiderPasskeysTable extends PasskeyColumns {
  rider_id: string;
}

/** One movement of a rider's credit, in paise (features/credit/domain/credit.ts). */
export interface CreditEntriesTable {
  id: string;
  /** The account; null for a cancelled booking in none yet (the entry follows it into one). */
  rider_id: string | null;
  registration_id: string | null;
  /** cancellation, used, returned or adjustment. */
  kind: string;
  /** pending, confirmed or declined: only confirmed rows count. */
  state: string;
  /** Signed: credit in, spent out. */
  amount_paise: number;
  note: string;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

/**
 * One entry of a booking's ledger (decision 059, app/domain/registration/dues.ts): a charge,
 * fee, payment or refund in whole paise. Holds amounts and references, no contact details.
 */
export interface BookingEntriesTable {
  id: string;
  registration_id: string;
  ride_id: string;
  /** charge, fee, payment or refund. */
  kind: string;
  /** booking or balance: a charge's part, the part a payment was made for; null: none. */
  part: string | null;
  /** Positive; the kind says which way it goes. */
  amount_paise: number;
  /** claimed, confirmed or voided: only confirmed rows count. */
  state: string;
  /** upi, online or credit for payments and refunds; null for charges and fees. */
  method: string | null;
  /** The UTR or the gateway's payment id; null once a claim is erased. */
  reference: string | null;
  /** What wrote it: rider, admin, credit, statement line, gateway event (no personal data). */
  source: string;
  note: string;
  created_at: string;
  /** When it was confirmed or voided; null while claimed. */
  decided_at: string | null;
  /** A refund's payment it gives back (an online refund goes back to it at the gateway); null: none. */
  returns_entry_id: string | null;
}

/** A Razorpay Payment Link made for a booking (decision 060): ids and amounts, no personal data. */
export interface PaymentLinksTable {
  link_id: string;
  registration_id: string;
  /** Sent as the link's reference_id: unique per Razorpay account, never the booking's token. */
  reference_id: string;
  /** The order Razorpay opened at the first payment; null before it. */
  order_id: string | null;
  /** What the link asked for when it was made. */
  amount_paise: number;
  /**
   * The booking's token hash when the link was made: the link sends the rider back to the page
   * of that token, so a link made before the booking's link changed (a seat handed on, a fresh
   * link) is replaced rather than offered again.
   */
  token_hash: string;
  created_at: string;
  /** When the site gave it up (the booking cancelled, or a new amount); null while it is the booking's. */
  cancelled_at: string | null;
}

/** A payment provider's webhook event applied (decision 060): its id, kept so a retry applies nothing. */
export interface PaymentEventsTable {
  id: string;
  event: string;
  received_at: string;
}

/** A numbered money document issued for a booking (docs/features/money-documents.md): never edited. */
export interface MoneyDocumentsTable {
  id: string;
  registration_id: string;
  ride_id: string;
  /** The ledger entry it documents; null: a tax invoice (the booking as a whole). */
  entry_id: string | null;
  /** A MoneyDocumentType. */
  type: string;
  series: string;
  /** '2026-27'. */
  financial_year: string;
  number: number;
  /** Series, year and number as printed, at most 16 characters; unique. */
  code: string;
  issued_at: string;
  amount_paise: number;
  /** JSON: the DocumentBody, everything printed, frozen when issued. */
  body: string;
  /** The document a correction corrects. */
  corrects_document_id: string | null;
}

/** The last number given in a series in a financial year: numbers are gapless. */
export interface DocumentCountersTable {
  series: string;
  financial_year: string;
  last_number: number;
}

/** The organiser's settings documents are issued under (GST mode): one row. */
export interface MoneyDocumentSettingsTable {
  id: string;
  /** JSON: DocumentSettings. */
  data: string;
  updated_at: string;
}

/** One version of a ride's waiver, or the site's default (scope 'site'); never changed once written. */
export interface WaiversTable {
  id: string;
  /** A ride's id, or 'site'. */
  scope: string;
  version: number;
  /** '' ends the waiver of its scope. */
  text: string;
  created_at: string;
  created_by: string;
}

/** What a ride told its riders (docs/features/rider-messages.md); no rider's data. */
export interface RideMessagesTable {
  id: string;
  ride_id: string;
  /** A RideMessageKind. */
  kind: string;
  subject: string;
  body: string;
  /** The origin of the riders' links; null: the message carries none. */
  origin: string | null;
  sent_by: string;
  created_at: string;
  /** A reminder's rule and start date, unique per ride: a reminder is written once. */
  reminder_key: string | null;
}

/** One rider's copy of a message on one channel, and how its delivery went. */
export interface MessageDeliveriesTable {
  id: string;
  message_id: string;
  registration_id: string;
  /** A DeliveryChannel. */
  channel: string;
  /** A DeliveryStatus. */
  status: string;
  error: string | null;
  created_at: string;
  updated_at: string;
}

/** A phone a rider gets their booking's updates on: its browser's Web Push subscription (docs/features/push.md). */
export interface PushSubscriptionsTable {
  id: string;
  registration_id: string;
  /** The push service's URL for that browser; unique per registration. */
  endpoint: string;
  /** The browser's P-256 public key, base64url. */
  p256dh: string;
  /** The browser's 16-byte auth secret, base64url. */
  auth: string;
  created_at: string;
}

/** A roll call of a ride (docs/features/ride-day.md): its id is the captain's phone's UUID. */
/** A photo in a ride's gallery: an admin's, or a rider's waiting for approval (docs/features/ride-photos.md). */
/** When a rider's contribution (a photo, their words) came, changed and was reviewed, and by whom. */
interface ReviewColumns {
  created_at: string;
  updated_at: string;
  reviewed_at: string | null;
  /** The reviewing admin's email. */
  reviewed_by: string | null;
}

export interface RidePhotosTable extends ReviewColumns {
  id: string;
  ride_id: string;
  /** The uploaded image's URL, /images/{key}. */
  image: string;
  caption: string;
  /** The gallery's order, ascending. */
  position: number;
  /** 1 for the photo that stands for the ride. */
  cover: number;
  /** A RidePhotoSource. */
  source: string;
  /** A rider's photo: their registration (erased with it). */
  registration_id: string | null;
  /** The rider's first name; '' for the admins' photos. */
  credit: string;
  /** A RidePhotoStatus. */
  status: string;
}

/** A rider's rating and words for a ride they rode (docs/features/ride-words.md). */
export interface RideFeedbackTable extends ReviewColumns {
  id: string;
  ride_id: string;
  /** Unique: one answer per registration (so per rider and ride); deleted when it is erased. */
  registration_id: string;
  /** 1 to 5. */
  rating: number;
  words: string;
  /** The rider's first name. */
  credit: string;
  /** A RideFeedbackStatus. */
  status: string;
}

export interface RollCallsTable {
  id: string;
  ride_id: string;
  label: string;
  /** The admin's user id. */
  created_by: string | null;
  created_at: string;
}

/** One rider's mark in a roll call; the latest by the phone's clock wins. */
export interface RollCallMarksTable {
  roll_call_id: string;
  registration_id: string;
  /** present or missing. */
  mark: string;
  marked_by: string | null;
  marked_at: string;
}

/** Each change a captain's phone sent, by its UUID: applied once, answered with its first outcome. */
export interface RideDayOpsTable {
  id: string;
  ride_id: string;
  /** check-in, undo-check-in, roll-call or mark. */
  kind: string;
  registration_id: string | null;
  /** applied, unchanged, conflict or refused. */
  outcome: string;
  /** For the captain; may name the rider, so emptied when the rider's data is erased. */
  message: string | null;
  applied_by: string | null;
  applied_at: string;
}

/** A ride's route (decision 024): the original GPX in storage, the figures and drawing as JSON in `data`. */
export interface RideRoutesTable {
  ride_id: string;
  original_key: string;
  original_name: string;
  bytes: number;
  data: string;
  created_at: string;
  updated_at: string;
}

/** One save of a ride, slide, featured ride or contact configuration: its editable fields in `data` (JSON). */
export interface RevisionsTable {
  id: string;
  collection: string;
  record_id: string;
  action: string;
  actor_id: string | null;
  actor_email: string;
  data: string;
  created_at: string;
}

/** Team and two-factor sign-in (decision 026). */
export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
}

/** What a passkey keeps, whoever owns it (the passkey core, auth/passkeys). */
interface PasskeyColumns {
  id: string;
  name: string;
  public_key: string;
  counter: number;
  /** JSON array of the authenticator's transports. */
  transports: string;
  created_at: string;
  last_used_at: string | null;
}

/** A team member's passkey. */
export interface PasskeysTable extends PasskeyColumns {
  user_id: string;
}

export interface InvitesTable {
  id: string;
  email: string;
  role: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}

export interface RideCaptainsTable {
  ride_id: string;
  user_id: string;
}

export interface AuthChallengesTable {
  id: string;
  user_id: string | null;
  purpose: string;
  /** JSON: what the step needs (a WebAuthn challenge, a TOTP secret being enrolled). */
  data: string;
  created_at: string;
  expires_at: string;
}

export interface TeamSettingsTable {
  id: string;
  /** 1 or 0 on both engines. */
  require_two_factor: number;
  updated_at: string;
}

export interface DB {
  rides: RidesTable;
  hero_slides: HeroSlidesTable;
  documents: DocumentsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  images: ImagesTable;
  audit_log: AuditLogTable;
  registrations: RegistrationsTable;
  ride_routes: RideRoutesTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  invites: InvitesTable;
  ride_captains: RideCaptainsTable;
  auth_challenges: AuthChallengesTable;
  team_settings: TeamSettingsTable;
  revisions: RevisionsTable;
  outbox: OutboxTable;
  ride_messages: RideMessagesTable;
  message_deliveries: MessageDeliveriesTable;
  push_subscriptions: PushSubscriptionsTable;
  waivers: WaiversTable;
  roll_calls: RollCallsTable;
  ride_photos: RidePhotosTable;
  roll_call_marks: RollCallMarksTable;
  ride_day_ops: RideDayOpsTable;
  ride_feedback: RideFeedbackTable;
  riders: RidersTable;
  rider_sessions: RiderSessionsTable;
  rider_sign_in_links: RiderSignInLinksTable;
  rider_passkeys: RiderPasskeysTable;
  credit_entries: CreditEntriesTable;
  booking_entries: BookingEntriesTable;
  payment_links: PaymentLinksTable;
  payment_events: PaymentEventsTable;
  money_documents: MoneyDocumentsTable;
  document_counters: DocumentCountersTable;
  money_document_settings: MoneyDocumentSettingsTable;
}

export type Database = Kysely<DB>;
/** A database handle or an open transaction: services accept either. */
export type Executor = Kysely<DB> | Transaction<DB>;
