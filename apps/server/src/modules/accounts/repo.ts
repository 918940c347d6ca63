import type { Selectable } from 'kysely';
import { forgetSessions } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import type { UsersTable } from '../../db/schema.js';
import { newId } from '../../ids.js';

export type UserRow = Selectable<UsersTable>;

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email_lower', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The active accounts among these ids (a suspended, terminated or deleted one is left out): who a mail may go to. */
export async function findActiveUsersByIds(db: Db, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', [...ids])
    .where('status', '=', 'active')
    .execute();
}

export function findUserByGoogleSub(db: Db, sub: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
}

/** The name the user chose to print on certificates; null to print their username. */
export async function setCertificateName(db: Db, id: string, name: string | null, now = new Date()): Promise<void> {
  await db
    .updateTable('users')
    .set({ certificate_name: name, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** The operator's suspension, termination or reinstatement of an account (the caller ends its sessions). */
export async function setAccountStatus(db: Db, id: string, status: UserRow['status'], now = new Date()): Promise<void> {
  await db.updateTable('users').set({ status, updated_at: now.toISOString() }).where('id', '=', id).execute();
}

/** Usernames are unique regardless of case (the `users_username_lower` index). */
export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string | null;
  emailVerifiedAt: string | null;
  googleSub?: string | null;
  role?: 'learner' | 'admin';
}

export async function insertUser(db: Db, user: NewUser, now = new Date()): Promise<UserRow> {
  const row = {
    id: newId(),
    username: user.username,
    email: user.email,
    email_lower: user.email.toLowerCase(),
    password_hash: user.passwordHash,
    email_verified_at: user.emailVerifiedAt,
    google_sub: user.googleSub ?? null,
    role: user.role ?? 'learner',
    status: 'active' as const,
    certificate_name: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await db.insertInto('users').values(row).execute();
  return row;
}

export async function updateUser(
  db: Db,
  id: string,
  changes: Partial<Pick<UserRow, 'password_hash' | 'email_verified_at' | 'google_sub' | 'role'>>,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
  forgetSessions();
}

/**
 * A new sign-up takes over an account whose address was never verified: its username and password.
 * False when the address was verified meanwhile (then nothing changes).
 */
export async function replacePendingUser(
  db: Db,
  id: string,
  changes: { username: string; passwordHash: string },
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ username: changes.username, password_hash: changes.passwordHash, updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('email_verified_at', 'is', null)
    .executeTakeFirst();
  forgetSessions();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The first proof of a mailbox marks the address verified; `dropPassword` clears a password set
 * before it. Only the first of two concurrent proofs changes anything (the condition on
 * `email_verified_at`).
 */
export async function markVerified(db: Db, id: string, dropPassword: boolean, now = new Date()): Promise<void> {
  await db
    .updateTable('users')
    .set({
      email_verified_at: now.toISOString(),
      updated_at: now.toISOString(),
      ...(dropPassword ? { password_hash: null } : {}),
    })
    .where('id', '=', id)
    .where('email_verified_at', 'is', null)
    .execute();
  forgetSessions();
}

/** A unique constraint refused the write (SQLite and PostgreSQL report it differently). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The address a deleted account keeps: unique, and no mail can ever reach it. */
export function tombstoneEmail(id: string): string {
  return `deleted-${id}@invalid`;
}

/**
 * Erases an account's personal data in place: the row stays (orders and invoices point at it, and
 * tax law keeps those) but its name and address become a tombstone, its password and Google link
 * go, and it can never sign in again. (The privacy centre also erases its link tokens: auth/link-tokens.ts.)
 */
export async function anonymiseUser(db: Db, id: string, now = new Date()): Promise<void> {
  await db
    .updateTable('users')
    .set({
      username: `deleted-${id}`,
      email: tombstoneEmail(id),
      email_lower: tombstoneEmail(id),
      password_hash: null,
      google_sub: null,
      certificate_name: null,
      status: 'terminated',
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .execute();
  forgetSessions();
}
