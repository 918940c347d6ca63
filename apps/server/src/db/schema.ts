import type { Generated } from 'kysely';

/**
 * Tables as Kysely sees them. Portable types only, so one migration set serves SQLite and PostgreSQL:
 * text ids, ISO-8601 UTC text timestamps, integer 0/1 flags, integer paise, JSON as text.
 */
export interface CoursesTable {
  id: string;
  title: string;
  thumb: string;
  tag: string;
  rating: number;
  instructor: string;
  price_paise: number;
  level: string;
  video_link: string;
  /** No longer read or written (issue 32): a course's student count is counted from its enrolments. */
  students: Generated<number>;
  course_description: string;
  description: string;
  what_youll_learn: string;
  curriculum: string;
  /** JSON list of the lessons' video links, for enrolled learners only (issue 6). */
  lesson_videos: Generated<string>;
  published: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: string;
  username: string;
  email: string;
  email_lower: string;
  password_hash: string | null;
  email_verified_at: string | null;
  google_sub: string | null;
  role: Generated<'learner' | 'admin'>;
  status: Generated<'active' | 'suspended' | 'terminated'>;
  created_at: string;
  updated_at: string;
  /** The name the learner chose to print on certificates (null: their username). */
  certificate_name: string | null;
}

/** Only the SHA-256 of a session token is stored; the token itself lives in the user's cookie. */
export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** Mail waits here until the transport accepts it, so a mail server outage loses nothing. */
export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** Extra headers as JSON (List-Unsubscribe on newsletters), or null. */
  headers_json: string | null;
  /** Documents to attach, as references (MailAttachmentRef[] JSON), rendered when the mail is sent. */
  attachments_json: string | null;
  attempts: Generated<number>;
  next_attempt_at: string;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
}

export type OrderStatus = 'created' | 'attempted' | 'paid' | 'failed' | 'expired' | 'refunded';

/** Prices, discount and total are fixed at order time: later price changes never alter an order. */
export interface OrdersTable {
  id: string;
  user_id: string;
  status: OrderStatus;
  subtotal_paise: number;
  discount_paise: number;
  total_paise: number;
  coupon_id: string | null;
  coupon_code: string | null;
  discount_percent: number;
  currency: Generated<string>;
  /** 'free', or the name of the payment provider that took it (payments/providers.ts; checked there, migration 023). */
  gateway: string;
  gateway_order_id: string | null;
  cart_fingerprint: string;
  billing_name: string;
  billing_email: string;
  /** GST state code of the buyer (the place of supply), '' when not given; see migration 009. */
  billing_state: Generated<string>;
  billing_pin: Generated<string>;
  billing_business: Generated<string>;
  billing_gstin: Generated<string>;
  /** ISO 3166-1 alpha-2 country of a buyer Outside India, '' otherwise (migration 029). */
  billing_country: Generated<string>;
  /** When the buyer ticked "Education only, not investment advice". */
  disclaimer_accepted_at: Generated<string | null>;
  /** The tax basis of the charge, frozen at checkout (migration 027); null on orders placed before it. */
  prices_inclusive: Generated<number | null>;
  tax_rate_bp: Generated<number | null>;
  tax_mode: Generated<string | null>;
  /** The GST in total_paise (added on top with exclusive prices, carved out with inclusive ones). */
  tax_paise: Generated<number | null>;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  refunded_at: string | null;
}

/** The counter behind each series of tax documents, per financial year (issue 16). */
export interface TaxDocumentCountersTable {
  series: string;
  financial_year: string;
  last_number: number;
}

/** An issued invoice or credit note; `data` is its frozen content (JSON), rendered to PDF on demand. */
export interface TaxDocumentsTable {
  id: string;
  /** Exactly one of `order_id` and `subscription_charge_id` is set (migration 036). */
  order_id: string | null;
  subscription_charge_id: string | null;
  kind: 'invoice' | 'credit_note';
  number: string;
  financial_year: string;
  sequence: number;
  issued_at: string;
  data: string;
}

export interface OrderLinesTable {
  id: string;
  order_id: string;
  course_id: string;
  title: string;
  unit_price_paise: number;
  /** The bundle this course line was sold in (032); its share of the bundle's price. Null for a course sold alone. */
  bundle_id: Generated<string | null>;
  /** The cohort the buyer picked for this course (043); null for a self-paced course. */
  cohort_id: Generated<string | null>;
}

/** A bundle as sold in an order (032): one invoice line at the bundle's price. */
export interface OrderBundlesTable {
  order_id: string;
  bundle_id: string;
  title: string;
  price_paise: number;
  /** The bundle's place among the order's bundles, as the checkout charged them. */
  position: number;
}

/** Several courses sold together at one GST-inclusive price (032, the bundles module). */
export interface BundlesTable {
  id: string;
  title: string;
  description: string;
  price_paise: number;
  published: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface BundleCoursesTable {
  bundle_id: string;
  course_id: string;
  position: number;
}

/** A membership plan (033, the plans module): a GST-inclusive price each period. */
export interface PlansTable {
  id: string;
  title: string;
  description: string;
  /** Null: the shop's own membership picture. */
  thumb: string | null;
  price_paise: number;
  period: 'month' | 'quarter' | 'year';
  trial_days: Generated<number>;
  all_courses: Generated<number>;
  live_sessions: Generated<number>;
  community: Generated<number>;
  published: Generated<number>;
  /** Counts changes of price or period: each needs its own gateway plan (Razorpay's cannot change). */
  price_version: Generated<number>;
  created_at: string;
  updated_at: string;
  /** 'instalments': a course sold in `total_count` monthly payments, never listed as a membership (037). */
  kind: Generated<'membership' | 'instalments'>;
  total_count: number | null;
  /** The course an instalment plan sells (unique: one offer row per course); null for a membership. */
  instalment_course_id: string | null;
  /** The bundle an instalment plan sells (unique: one offer row per bundle); null otherwise. */
  instalment_bundle_id: string | null;
}

export interface PlanCoursesTable {
  plan_id: string;
  course_id: string;
  position: number;
}

/** A live session, one occurrence (042). */
export interface LiveSessionsTable {
  id: string;
  series_id: string;
  title: string;
  description: string;
  starts_at: string;
  duration_minutes: number;
  course_id: string | null;
  plan_id: string | null;
  /** A cohort's session (043): its audience is the cohort's members. */
  cohort_id: Generated<string | null>;
  meeting_kind: 'jitsi' | 'link';
  /** When the session's recording opens to its audience (045); null: as soon as it is ready. */
  recording_release_at: Generated<string | null>;
  room_name: string | null;
  meeting_url: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A run of a course with a start date (043, the cohorts module); `starts_on` and `enrol_until` are India dates. */
export interface CohortsTable {
  id: string;
  course_id: string;
  title: string;
  starts_on: string;
  /** The seat limit; null for none. */
  seats: number | null;
  /** The last India date a buyer may join (inclusive); null for up to the start and after. */
  enrol_until: string | null;
  created_at: string;
  updated_at: string;
}

/** A learner's seat in a cohort (043): one cohort per learner and course. */
export interface CohortMembersTable {
  cohort_id: string;
  user_id: string;
  course_id: string;
  order_id: string | null;
  joined_at: string;
}

/** A learner's first join of a live session (042). */
export interface LiveAttendanceTable {
  session_id: string;
  user_id: string;
  joined_at: string;
}

/** A mail a learner was sent about a live session, once per kind and start (042). */
export interface LiveNoticesTable {
  session_id: string;
  user_id: string;
  kind: 'reminder_24h' | 'reminder_1h' | 'moved' | 'cancelled';
  occasion: string;
  created_at: string;
}

/** A community space (046): a course's, a plan's, or one the operator added (both null). */
export interface CommunitySpacesTable {
  id: string;
  title: string;
  course_id: string | null;
  plan_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A thread (`thread_id` null) or a reply in a space (046); `author_id` null: a former member. */
export interface CommunityPostsTable {
  id: string;
  space_id: string;
  thread_id: string | null;
  author_id: string | null;
  kind: 'discussion' | 'question' | 'announcement' | 'reply';
  title: string | null;
  body_source: string;
  body_html: string;
  status: 'visible' | 'held' | 'hidden' | 'deleted';
  /** Why the post was held or hidden (the operator's reason, or the rule that held it). */
  status_reason: string | null;
  answer_id: string | null;
  pinned: Generated<number>;
  reply_count: Generated<number>;
  last_activity_at: string;
  edited_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CommunityReactionsTable {
  post_id: string;
  user_id: string;
  created_at: string;
}

export interface CommunityReportsTable {
  id: string;
  post_id: string;
  reporter_id: string | null;
  reason: string;
  created_at: string;
  resolved_at: string | null;
}

/** A ban (`until` null) or a mute until a time, of one member in one space. */
export interface CommunityBansTable {
  id: string;
  space_id: string;
  user_id: string;
  kind: 'ban' | 'mute';
  reason: string;
  created_by: string;
  created_at: string;
  until: string | null;
}

/** When a member last opened a space's thread list (its unread count counts posts since). */
export interface CommunityReadsTable {
  space_id: string;
  user_id: string;
  read_at: string;
}

/** A bundle waiting in a signed-in cart (032). */
export interface CartBundlesTable {
  cart_id: string;
  bundle_id: string;
  added_at: string;
}

export interface PaymentsTable {
  id: string;
  order_id: string;
  gateway_payment_id: string;
  amount_paise: number;
  status: string;
  source: string;
  /** 1 when the gateway reported the payment as made from abroad, 0 from India, null when not asked (029). */
  international: Generated<number | null>;
  created_at: string;
  updated_at: string;
}

export interface OrderEventsTable {
  id: string;
  order_id: string;
  from_status: string | null;
  to_status: string;
  source: string;
  note: Generated<string>;
  created_at: string;
}

export interface WebhookEventsTable {
  event_id: string;
  event_type: string;
  received_at: string;
}

export interface RefundsTable {
  id: string;
  order_id: string;
  gateway_payment_id: string;
  gateway_refund_id: string | null;
  amount_paise: number;
  status: string;
  created_at: string;
}

export interface SandboxOrdersTable {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  notes: string;
  status: 'created' | 'attempted' | 'paid';
  created_at: string;
}

export interface SandboxPaymentsTable {
  id: string;
  order_id: string;
  amount: number;
  status: 'captured' | 'failed' | 'refunded';
  amount_refunded: Generated<number>;
  /** The tester's choice in the widget: an international card (1) or an Indian one (0). */
  international: Generated<number>;
  created_at: string;
}

/** The sandbox's Razorpay plans (migration 034). */
export interface SandboxPlansTable {
  id: string;
  period: 'daily' | 'weekly' | 'monthly' | 'yearly';
  interval_count: number;
  amount: number;
  name: string;
  description: string;
  /** JSON object. */
  notes: string;
  created_at: string;
}

/** The sandbox's Razorpay subscriptions (migration 034); gateway times in Unix seconds, as Razorpay's. */
export interface SandboxSubscriptionsTable {
  id: string;
  plan_id: string;
  status:
    | 'created'
    | 'authenticated'
    | 'active'
    | 'pending'
    | 'halted'
    | 'cancelled'
    | 'completed'
    | 'paused'
    | 'expired';
  total_count: number;
  paid_count: Generated<number>;
  /** Charges failed in a row since the last captured one (Razorpay retries, then halts). */
  failed_count: Generated<number>;
  customer_notify: Generated<number>;
  /** 1 once cancelled at the end of the paid cycle: not charged again, cancelled when the cycle ends. */
  cancel_at_cycle_end: Generated<number>;
  /** JSON object. */
  notes: string;
  start_at: number | null;
  current_start: number | null;
  current_end: number | null;
  charge_at: number | null;
  ended_at: number | null;
  created_at: string;
  /** The last moment (Unix seconds) the subscription may be authorised; null: no limit (040). */
  expire_by: number | null;
}

/** The gateway's plan made for one price version of a plan (035, the subscriptions module). */
export interface GatewayPlansTable {
  id: string;
  plan_id: string;
  price_version: number;
  gateway: string;
  gateway_plan_id: string;
  created_at: string;
}

/** A learner's subscription to a plan, with the gateway's state as last read (035). */
export interface SubscriptionsTable {
  id: string;
  user_id: string;
  plan_id: string;
  gateway: string;
  /** Null only while the gateway's subscription is being made. */
  gateway_subscription_id: string | null;
  status: SandboxSubscriptionsTable['status'];
  /** The charge each period, in paise (the plan's price when subscribed). */
  amount_paise: number;
  period: PlansTable['period'];
  /** ISO times: the end of the paid cycle, the next charge, the end (cancelled, completed). */
  current_period_end: string | null;
  next_charge_at: string | null;
  ended_at: string | null;
  /** Cycles paid, as the gateway last said: a state read with fewer is older and is not applied. */
  paid_count: Generated<number>;
  /** 1 once the learner cancelled at the end of the paid period. */
  cancel_at_period_end: Generated<number>;
  /** `user_id:plan_id` while live, null once ended: unique, so one live subscription per learner and plan. */
  live_key: string | null;
  created_at: string;
  updated_at: string;
  /** N for instalments (the gateway's `total_count`), null for an open-ended membership (037). */
  total_count: number | null;
  /** When the instalment course was granted as owned, after the N-th charge: set once (037). */
  course_granted_at: string | null;
  /** When the learner ticked the education-only acknowledgement on subscribing; null if not sent (038). */
  disclaimer_accepted_at: string | null;
  /** The subscription this one takes over from: resume before the end, or a new payment method (038). */
  replaces_id: string | null;
  replace_reason: 'resume' | 'method' | null;
  /** ISO: the replacement's first charge (the old one's paid period end); null: charged at authorisation. */
  starts_at: string | null;
  /** When the replacement took the learner's live slot over from the old one, after its verify: set once. */
  took_over_at: string | null;
}

/** One captured charge of a subscription, once per gateway payment id (035). */
export interface SubscriptionChargesTable {
  id: string;
  subscription_id: string;
  gateway_payment_id: string;
  amount_paise: number;
  paid_at: string;
  /** The operator's refund of this one charge (migration 036). */
  refunded_at: string | null;
  gateway_refund_id: string | null;
}

/** A membership e-mail sent once per occasion: unique (subscription_id, kind, occasion) (039). */
export interface MemberNoticesTable {
  id: string;
  subscription_id: string;
  kind: 'welcome' | 'receipt' | 'charge_failed' | 'halted' | 'cancel_scheduled' | 'cancelled' | 'renewal_reminder';
  /** The payment id (receipt), the cycle (failed, halted), 'start', 'end' (cancel_scheduled, cancelled), or the charge date (reminder). */
  occasion: string;
  created_at: string;
}

export interface CartsTable {
  id: string;
  user_id: string;
  created_at: string;
  updated_at: string;
}

export interface CartItemsTable {
  cart_id: string;
  course_id: string;
  quantity: Generated<number>;
  added_at: string;
  /** The cohort picked on the course page (043); null for a self-paced course. */
  cohort_id: Generated<string | null>;
}

/** `code_lower` makes codes case-insensitive. Usable from `starts_at` (inclusive) until `expires_at` (exclusive). */
export interface CouponsTable {
  id: string;
  code: string;
  code_lower: string;
  percent: number;
  starts_at: string | null;
  expires_at: string | null;
  max_uses: number | null;
  max_uses_per_user: number | null;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface CouponRedemptionsTable {
  id: string;
  coupon_id: string;
  user_id: string;
  order_id: string | null;
  redeemed_at: string;
}

/** A learner owns a course while a row exists with no revoked_at. */
export interface EnrolmentsTable {
  id: string;
  user_id: string;
  course_id: string;
  order_id: string | null;
  granted_at: string;
  revoked_at: string | null;
}

/** An e-mailed link token (verification or sign-in), stored as its SHA-256; `used_at` set when consumed. */
export interface AuthTokensTable {
  id: string;
  token_hash: string;
  user_id: string;
  purpose: 'verify_email' | 'sign_in' | 'reset_password' | 'delete_account';
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** One fixed-window counter per key (e.g. sign-in failures of one address from one IP). */
export interface RateLimitsTable {
  key: string;
  count: number;
  window_ends_at: string;
}

/** A downloadable file of a course, stored as DATA_DIR/course-files/<stored_name>. */
export interface CourseFilesTable {
  id: string;
  course_id: string;
  name: string;
  stored_name: string;
  size_bytes: number;
  content_type: string;
  created_at: string;
}

/** A course's ordered sections (issue 14). */
export interface CourseSectionsTable {
  id: string;
  course_id: string;
  position: number;
  title: string;
  /** Scheduled release (migration 044): see ReleaseKind. */
  release_kind: Generated<ReleaseKind>;
  release_days: Generated<number>;
  release_date: string | null;
}

/**
 * A section's or lesson's release rule (issue 35): open at once, `release_days` after the learner's
 * enrolment or their cohort's start, or on `release_date` (an India date), each at 00:00 India time.
 */
export type ReleaseKind = 'immediate' | 'afterEnrolment' | 'afterCohortStart' | 'onDate';

/**
 * A section's ordered lessons; `summary` is the public one-line description (the course page's
 * curriculum), `content` the Markdown body for enrolled learners only, `video_link` today's YouTube
 * link, `preview` 0/1.
 */
export interface CourseLessonsTable {
  id: string;
  course_id: string;
  section_id: string;
  position: number;
  title: string;
  kind: 'video' | 'text' | 'file';
  duration: Generated<string>;
  summary: Generated<string>;
  content: Generated<string>;
  video_link: Generated<string>;
  preview: Generated<number>;
  /** The ready `lesson_videos` row the lesson plays (issue 15), null when it has none. */
  video_id: string | null;
  /** Scheduled release (migration 044); an immediate lesson follows its section's rule. */
  release_kind: Generated<ReleaseKind>;
  release_days: Generated<number>;
  release_date: string | null;
}

/** One daily digest of newly opened lessons mailed to a learner (migration 044): at most one per India date. */
export interface ReleaseDigestsTable {
  user_id: string;
  india_date: string;
  sent_at: string;
}

/** A learner who turned the daily digest of newly opened lessons off (migration 044). */
export interface ReleaseDigestOptoutsTable {
  user_id: string;
  created_at: string;
}

/** A lesson's uploaded video and its transcode job (migration 024). */
export interface LessonVideosTable {
  id: string;
  /** The lesson whose video this is; null for a live session's recording (045). */
  lesson_id: string | null;
  /** The live session whose recording this is (045); exactly one of it and `lesson_id` is set. */
  live_session_id: string | null;
  status: 'queued' | 'running' | 'ready' | 'failed';
  source_name: Generated<string>;
  /** The uploaded file while it waits for (or is in) its transcode; null once done with. */
  source_path: string | null;
  progress: Generated<number>;
  eta_seconds: number | null;
  /** ffmpeg's reason when `failed`. */
  error: string | null;
  attempts: Generated<number>;
  duration_seconds: number | null;
  width: number | null;
  height: number | null;
  /** The ladder's rungs as JSON (`Rung[]` of plan-ladder.ts) once ready. */
  rungs_json: string | null;
  has_captions: Generated<number>;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** A session (device) playing a learner's course video (migration 025); `stopped_at` when ended from another device. */
export interface VideoStreamsTable {
  session_id: string;
  user_id: string;
  last_seen_at: string;
  stopped_at: string | null;
}

/** The keys of a video a learner fetched: one row per learner, video and key (decision 0028). */
export interface VideoKeyFetchesTable {
  user_id: string;
  video_id: string;
  key_index: number;
  fetches: number;
  first_fetched_at: string;
  last_fetched_at: string;
}

/** A learner signed in on more devices in one day (India time) than the console allows. */
export interface VideoDeviceFlagsTable {
  user_id: string;
  day: string;
  devices: number;
  created_at: string;
}

/** The console's device-limit settings (one row, id 'shop'). */
export interface VideoSettingsTable {
  id: string;
  max_devices: number;
  max_sign_in_devices: number;
  updated_at: string;
  updated_by: string;
}

/** The course files a lesson hands out, in order. */
export interface LessonAttachmentsTable {
  lesson_id: string;
  file_id: string;
  position: number;
}

/** A learner's place in a lesson; `completed_at` once set is never cleared by a later save. */
export interface LessonProgressTable {
  user_id: string;
  lesson_id: string;
  course_id: string;
  position_seconds: number;
  completed_at: string | null;
  updated_at: string;
  /** Video seconds credited from successive saves, never faster than twice the wall clock (migration 030). */
  watched_seconds: Generated<number>;
}

/** Stored before any mail goes out, so a mail failure never loses a message; `handled` is for the admin console. */
export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  website: string | null;
  message: string;
  ip: string | null;
  handled: Generated<number>;
  created_at: string;
}

export interface NewsletterSubscribersTable {
  id: string;
  email: string;
  email_lower: string;
  created_at: string;
  /** Null until the address confirms by the mailed link (double opt-in): only then is it a subscriber. */
  confirmed_at: string | null;
  confirm_token_hash: string | null;
  confirm_expires_at: string | null;
  /** Carried by every newsletter's one-click unsubscribe link (RFC 8058). */
  unsubscribe_token: string | null;
}

/** One operator action: who, what, when, and the record before and after (JSON text). */
export interface AuditLogTable {
  id: string;
  actor_id: string;
  actor_email: string;
  action: string;
  entity: string;
  entity_id: string;
  before_json: string | null;
  after_json: string | null;
  created_at: string;
}

/** A fact about the installation every process must agree on (migration 026), e.g. SHOP_SECRET's fingerprint. */
export interface InstanceSettingsTable {
  name: string;
  value: string;
  created_at: string;
}

/** The operator's saved tax settings (one row, id 'shop'); without it the TAX_* environment applies. */
export interface TaxSettingsTable {
  id: string;
  data: string;
  updated_at: string;
  updated_by: string;
}

/** A learner's private note on a lesson; `position_seconds` is the video's second it was written at, or null. */
export interface LessonNotesTable {
  id: string;
  user_id: string;
  course_id: string;
  lesson_id: string;
  position_seconds: number | null;
  text: string;
  created_at: string;
  updated_at: string;
}

/** A buyer's review of a course, one per (course, user); `hidden_at` set by the operator hides it everywhere. */
export interface ReviewsTable {
  id: string;
  course_id: string;
  user_id: string;
  rating: number;
  text: string;
  created_at: string;
  updated_at: string;
  hidden_at: string | null;
}

/** Count of visible reviews per star for each reviewed course, rewritten with every review change. */
export interface CourseReviewStatsTable {
  course_id: string;
  stars_1: Generated<number>;
  stars_2: Generated<number>;
  stars_3: Generated<number>;
  stars_4: Generated<number>;
  stars_5: Generated<number>;
  updated_at: string;
}

/** A learner's certificate of a course, one per (user, course); what it prints is frozen at issue. */
export interface CertificatesTable {
  id: string;
  user_id: string;
  course_id: string;
  printed_name: string;
  course_title: string;
  instructor: string;
  completed_at: string;
  /** The id this certificate had before it was re-issued with a corrected name (once; migration 030). */
  previous_id: string | null;
  reissued_at: string | null;
}

export interface Database {
  courses: CoursesTable;
  users: UsersTable;
  sessions: SessionsTable;
  mail_outbox: MailOutboxTable;
  contact_messages: ContactMessagesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  auth_tokens: AuthTokensTable;
  rate_limits: RateLimitsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_bundles: OrderBundlesTable;
  bundles: BundlesTable;
  bundle_courses: BundleCoursesTable;
  cart_bundles: CartBundlesTable;
  plans: PlansTable;
  plan_courses: PlanCoursesTable;
  live_sessions: LiveSessionsTable;
  cohorts: CohortsTable;
  cohort_members: CohortMembersTable;
  live_attendance: LiveAttendanceTable;
  live_notices: LiveNoticesTable;
  community_spaces: CommunitySpacesTable;
  community_posts: CommunityPostsTable;
  community_reactions: CommunityReactionsTable;
  community_reports: CommunityReportsTable;
  community_bans: CommunityBansTable;
  community_reads: CommunityReadsTable;
  payments: PaymentsTable;
  order_events: OrderEventsTable;
  webhook_events: WebhookEventsTable;
  refunds: RefundsTable;
  sandbox_orders: SandboxOrdersTable;
  sandbox_payments: SandboxPaymentsTable;
  sandbox_plans: SandboxPlansTable;
  sandbox_subscriptions: SandboxSubscriptionsTable;
  gateway_plans: GatewayPlansTable;
  subscriptions: SubscriptionsTable;
  subscription_charges: SubscriptionChargesTable;
  member_notices: MemberNoticesTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  coupons: CouponsTable;
  coupon_redemptions: CouponRedemptionsTable;
  enrolments: EnrolmentsTable;
  course_files: CourseFilesTable;
  course_sections: CourseSectionsTable;
  course_lessons: CourseLessonsTable;
  lesson_attachments: LessonAttachmentsTable;
  lesson_progress: LessonProgressTable;
  release_digests: ReleaseDigestsTable;
  release_digest_optouts: ReleaseDigestOptoutsTable;
  audit_log: AuditLogTable;
  tax_document_counters: TaxDocumentCountersTable;
  tax_documents: TaxDocumentsTable;
  tax_settings: TaxSettingsTable;
  instance_settings: InstanceSettingsTable;
  reviews: ReviewsTable;
  course_review_stats: CourseReviewStatsTable;
  certificates: CertificatesTable;
  lesson_notes: LessonNotesTable;
  lesson_videos: LessonVideosTable;
  video_streams: VideoStreamsTable;
  video_device_flags: VideoDeviceFlagsTable;
  video_key_fetches: VideoKeyFetchesTable;
  video_settings: VideoSettingsTable;
}
