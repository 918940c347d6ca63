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
