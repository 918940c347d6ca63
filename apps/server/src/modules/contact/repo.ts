import type { Db } from '../../db/database.js';
import { newId } from '../../ids.js';

export interface NewContactMessage {
  name: string;
  email: string;
  website: string | null;
  message: string;
  ip: string | null;
}

export async function insertContactMessage(db: Db, input: NewContactMessage, now = new Date()): Promise<string> {
  const id = newId();
  await db
    .insertInto('contact_messages')
    .values({ id, ...input, created_at: now.toISOString() })
    .execute();
  return id;
}

/** Contact messages, unhandled first, newest first within each group (the console's list). */
export function findContactMessages(db: Db) {
  return db
    .selectFrom('contact_messages')
    .selectAll()
    .orderBy('handled', 'asc')
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
}

export function findMessageHandled(db: Db, id: string) {
  return db.selectFrom('contact_messages').select('handled').where('id', '=', id).executeTakeFirst();
}

/** The console marks a message handled, or not. */
export async function setMessageHandled(db: Db, id: string, handled: boolean): Promise<void> {
  await db
    .updateTable('contact_messages')
    .set({ handled: handled ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}
