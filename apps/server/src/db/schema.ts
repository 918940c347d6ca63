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
  students: number;
  course_description: string;
  description: string;
  what_youll_learn: string;
  curriculum: string;
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
  attempts: Generated<number>;
  next_attempt_at: string;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
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
}

export interface Database {
  courses: CoursesTable;
  users: UsersTable;
  sessions: SessionsTable;
  mail_outbox: MailOutboxTable;
  contact_messages: ContactMessagesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
}
