import type { Db } from '../../db/database.js';
import { newId } from '../../ids.js';

export interface CartLineRow {
  id: string;
  title: string;
  price_paise: number;
  thumb: string;
  quantity: number;
}

/**
 * The courses in a user's cart that can still be bought: published and not already owned.
 * A course that was unpublished, or granted some other way, drops out of the listing by itself.
 */
export async function findCartLines(db: Db, userId: string): Promise<CartLineRow[]> {
  return db
    .selectFrom('carts')
    .innerJoin('cart_items', 'cart_items.cart_id', 'carts.id')
    .innerJoin('courses', 'courses.id', 'cart_items.course_id')
    .select(['courses.id', 'courses.title', 'courses.price_paise', 'courses.thumb', 'cart_items.quantity'])
    .where('carts.user_id', '=', userId)
    .where('courses.published', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('enrolments')
            .select('enrolments.id')
            .whereRef('enrolments.course_id', '=', 'courses.id')
            .where('enrolments.user_id', '=', userId)
            .where('enrolments.revoked_at', 'is', null),
        ),
      ),
    )
    .orderBy('cart_items.added_at', 'asc')
    .orderBy('courses.id', 'asc')
    .execute();
}

/** The user's cart id, creating the cart on first use (safe when two requests race to create it). */
export async function ensureCartId(db: Db, userId: string, now: string): Promise<string> {
  await db
    .insertInto('carts')
    .values({ id: newId(), user_id: userId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await db.selectFrom('carts').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return row.id;
}

/** Adds courses not yet in the cart; a course already there stays as it is. Returns how many were new. */
export async function insertCartItems(db: Db, cartId: string, courseIds: string[], now: string): Promise<number> {
  if (courseIds.length === 0) return 0;
  const result = await db
    .insertInto('cart_items')
    .values(courseIds.map((courseId) => ({ cart_id: cartId, course_id: courseId, quantity: 1, added_at: now })))
    .onConflict((oc) => oc.columns(['cart_id', 'course_id']).doNothing())
    .executeTakeFirst();
  if (result.numInsertedOrUpdatedRows && result.numInsertedOrUpdatedRows > 0n)
    await db.updateTable('carts').set({ updated_at: now }).where('id', '=', cartId).execute();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

export async function deleteCartItem(db: Db, userId: string, courseId: string, now: string): Promise<boolean> {
  const cart = await db.selectFrom('carts').select('id').where('user_id', '=', userId).executeTakeFirst();
  if (!cart) return false;
  const result = await db
    .deleteFrom('cart_items')
    .where('cart_id', '=', cart.id)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) return false;
  await db.updateTable('carts').set({ updated_at: now }).where('id', '=', cart.id).execute();
  return true;
}

/** Of these course ids, the published ones (the only ones that may go into a cart). */
export async function findPublishedCourseIds(db: Db, courseIds: string[]): Promise<Set<string>> {
  if (courseIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('courses')
    .select('id')
    .where('id', 'in', courseIds)
    .where('published', '=', 1)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Of these course ids, the ones the user owns now (an enrolment that has not been revoked). */
export async function findOwnedCourseIds(db: Db, userId: string, courseIds: string[]): Promise<Set<string>> {
  if (courseIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('enrolments')
    .select('course_id')
    .where('user_id', '=', userId)
    .where('course_id', 'in', courseIds)
    .where('revoked_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.course_id));
}
