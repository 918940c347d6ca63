import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import { newId } from '../../ids.js';

export interface CartLineRow {
  id: string;
  title: string;
  price_paise: number;
  thumb: string;
  quantity: number;
  /** The cohort picked for this course (issue 35); null for a self-paced course. */
  cohort_id: string | null;
}

/**
 * The courses in a user's cart that can still be bought: published and not already owned.
 * A course that was unpublished, or granted some other way, drops out of the listing by itself.
 */
const cartLines = preparedQuery<{ userId: string }>()((db, value) =>
  db
    .selectFrom('carts')
    .innerJoin('cart_items', 'cart_items.cart_id', 'carts.id')
    .innerJoin('courses', 'courses.id', 'cart_items.course_id')
    .select([
      'courses.id',
      'courses.title',
      'courses.price_paise',
      'courses.thumb',
      'cart_items.quantity',
      'cart_items.cohort_id',
    ])
    .where('carts.user_id', '=', value('userId'))
    .where('courses.published', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('enrolments')
            .select('enrolments.id')
            .whereRef('enrolments.course_id', '=', 'courses.id')
            .where('enrolments.user_id', '=', value('userId'))
            .where('enrolments.revoked_at', 'is', null),
        ),
      ),
    )
    .orderBy('cart_items.added_at', 'asc')
    .orderBy('courses.id', 'asc'),
);

export function findCartLines(db: Db, userId: string): Promise<CartLineRow[]> {
  return cartLines.rows(db, { userId });
}

const insertCart = preparedQuery<{ id: string; userId: string; now: string }>()((db, value) =>
  db
    .insertInto('carts')
    .values({ id: value('id'), user_id: value('userId'), created_at: value('now'), updated_at: value('now') })
    .onConflict((oc) => oc.column('user_id').doNothing()),
);
const cartIdOf = preparedQuery<{ userId: string }>()((db, value) =>
  db.selectFrom('carts').select('id').where('user_id', '=', value('userId')),
);
const insertCartItem = preparedQuery<{ cartId: string; courseId: string; now: string }>()((db, value) =>
  db
    .insertInto('cart_items')
    .values({ cart_id: value('cartId'), course_id: value('courseId'), quantity: 1, added_at: value('now') })
    .onConflict((oc) => oc.columns(['cart_id', 'course_id']).doNothing()),
);
const deleteItem = preparedQuery<{ cartId: string; courseId: string }>()((db, value) =>
  db.deleteFrom('cart_items').where('cart_id', '=', value('cartId')).where('course_id', '=', value('courseId')),
);

/** The user's cart id, creating the cart on first use (safe when two requests race to create it). */
export async function ensureCartId(db: Db, userId: string, now: string): Promise<string> {
  const existing = await cartIdOf.first(db, { userId });
  if (existing) return existing.id;
  await insertCart.execute(db, { id: newId(), userId, now });
  const row = await cartIdOf.first(db, { userId });
  if (!row) throw new Error(`cart of ${userId} was not created`);
  return row.id;
}

/**
 * Adds courses not yet in the cart; a course already there stays as it is. Returns how many were new.
 * Each item carries its own `added_at`; the cart row is not rewritten for item changes (one write less
 * on the hottest signed-in calls; nothing reads `carts.updated_at` as a change time).
 */
export async function insertCartItems(db: Db, cartId: string, courseIds: string[], now: string): Promise<number> {
  let added = 0;
  for (const courseId of courseIds) {
    const result = await insertCartItem.execute(db, { cartId, courseId, now });
    if (result.numAffectedRows && result.numAffectedRows > 0n) added++;
  }
  return added;
}

/** The user's cart id, if they have a cart. */
export async function findCartId(db: Db, userId: string): Promise<string | undefined> {
  return (await cartIdOf.first(db, { userId }))?.id;
}

/** Takes one course out of a cart; true when it was there. */
export async function removeCartItem(db: Db, cartId: string, courseId: string): Promise<boolean> {
  const result = await deleteItem.execute(db, { cartId, courseId });
  return Boolean(result.numAffectedRows);
}

/** Inserts the course into the owner's existing cart when it may go there (published, not owned). */
const insertItemForUser = preparedQuery<{ userId: string; courseId: string; now: string }>()((db, value) =>
  db
    .insertInto('cart_items')
    .columns(['cart_id', 'course_id', 'quantity', 'added_at'])
    .expression((eb) =>
      eb
        .selectFrom('carts')
        .innerJoin('courses', (join) => join.on('courses.id', '=', value('courseId')).on('courses.published', '=', 1))
        .select((inner) => [
          'carts.id',
          'courses.id',
          inner.lit(1).as('quantity'),
          inner.val(value('now')).as('added_at'),
        ])
        .where('carts.user_id', '=', value('userId'))
        .where((inner) =>
          inner.not(
            inner.exists(
              inner
                .selectFrom('enrolments')
                .select('enrolments.id')
                .whereRef('enrolments.course_id', '=', 'courses.id')
                .whereRef('enrolments.user_id', '=', 'carts.user_id')
                .where('enrolments.revoked_at', 'is', null),
            ),
          ),
        ),
    )
    .onConflict((oc) => oc.columns(['cart_id', 'course_id']).doNothing()),
);
const deleteItemForUser = preparedQuery<{ userId: string; courseId: string }>()((db, value) =>
  db
    .deleteFrom('cart_items')
    .where('course_id', '=', value('courseId'))
    .where('cart_id', '=', (eb) =>
      eb.selectFrom('carts').select('carts.id').where('carts.user_id', '=', value('userId')),
    ),
);

/**
 * Puts one course in the user's cart (creating the cart on first use). Refuses a course that is not
 * published (`missing`) or that the user owns (`owned`); a course already in the cart stays as it is.
 */
export async function addCartItem(
  db: Db,
  userId: string,
  courseId: string,
  now: string,
): Promise<'added' | 'missing' | 'owned' | 'unchanged'> {
  // The usual case is one statement: the insert itself checks the course and finds the cart by its owner.
  const result = await insertItemForUser.execute(db, { userId, courseId, now });
  if (result.numAffectedRows) return 'added';
  const eligibility = await cartEligibility(db, userId, courseId);
  if (eligibility !== 'ok') return eligibility;
  // Either the course is in the cart already, or there is no cart yet: make sure of the cart and try once more.
  await ensureCartId(db, userId, now);
  const retried = await insertItemForUser.execute(db, { userId, courseId, now });
  return retried.numAffectedRows ? 'added' : 'unchanged';
}

/** The cohort the course in the user's cart is bought for (issue 35): picked, or switched by adding it again. */
export async function setCartItemCohort(
  db: Db,
  userId: string,
  courseId: string,
  cohortId: string | null,
): Promise<void> {
  await db
    .updateTable('cart_items')
    .set({ cohort_id: cohortId })
    .where('course_id', '=', courseId)
    .where('cart_id', '=', (eb) => eb.selectFrom('carts').select('carts.id').where('carts.user_id', '=', userId))
    .execute();
}

/** Takes a course out of the user's cart; true when it was there. */
export async function deleteCartItem(db: Db, userId: string, courseId: string): Promise<boolean> {
  const result = await deleteItemForUser.execute(db, { userId, courseId });
  return Boolean(result.numAffectedRows);
}

const courseForCart = preparedQuery<{ userId: string; courseId: string }>()((db, value) =>
  db
    .selectFrom('courses')
    .select((eb) => [
      'courses.id',
      eb
        .exists(
          eb
            .selectFrom('enrolments')
            .select('enrolments.id')
            .whereRef('enrolments.course_id', '=', 'courses.id')
            .where('enrolments.user_id', '=', value('userId'))
            .where('enrolments.revoked_at', 'is', null),
        )
        .as('owned'),
    ])
    .where('courses.id', '=', value('courseId'))
    .where('courses.published', '=', 1),
);

/** Whether a course may go into this user's cart: `missing` (no such published course), `owned`, or `ok`. */
export async function cartEligibility(db: Db, userId: string, courseId: string): Promise<'missing' | 'owned' | 'ok'> {
  const row = await courseForCart.first(db, { userId, courseId });
  if (!row) return 'missing';
  return row.owned ? 'owned' : 'ok';
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

// Every cart read and cart change asks this (most carts hold no bundle): compiled once, like cartLines.
const cartBundleIds = preparedQuery<{ userId: string }>()((db, value) =>
  db
    .selectFrom('cart_bundles')
    .innerJoin('carts', 'carts.id', 'cart_bundles.cart_id')
    .select('cart_bundles.bundle_id')
    .where('carts.user_id', '=', value('userId'))
    .orderBy('cart_bundles.added_at')
    .orderBy('cart_bundles.bundle_id'),
);

/** The bundle ids in the user's cart, in the order they were added (issue 34). */
export async function findCartBundleIds(db: Db, userId: string): Promise<string[]> {
  const rows = await cartBundleIds.rows(db, { userId });
  return rows.map((row) => row.bundle_id);
}

/** Puts a bundle in the cart; a bundle already there stays as it is. */
export async function insertCartBundle(db: Db, cartId: string, bundleId: string, now: string): Promise<void> {
  await db
    .insertInto('cart_bundles')
    .values({ cart_id: cartId, bundle_id: bundleId, added_at: now })
    .onConflict((oc) => oc.columns(['cart_id', 'bundle_id']).doNothing())
    .execute();
}

/** Takes a bundle out of the user's cart; true when it was there. */
export async function deleteCartBundle(db: Db, userId: string, bundleId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('cart_bundles')
    .where('bundle_id', '=', bundleId)
    .where('cart_id', '=', (eb) => eb.selectFrom('carts').select('carts.id').where('carts.user_id', '=', userId))
    .executeTakeFirst();
  return Boolean(result.numDeletedRows);
}

/** Removes a user's cart and its items (account deletion). */
export async function deleteCartOf(db: Db, userId: string): Promise<void> {
  const cartId = await findCartId(db, userId);
  if (!cartId) return;
  await db.deleteFrom('cart_bundles').where('cart_id', '=', cartId).execute();
  await db.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
  await db.deleteFrom('carts').where('id', '=', cartId).execute();
}

// Every paid order runs this once per course; it is compiled once (see preparedQuery).
const boughtCartItem = preparedQuery<{ userId: string; courseId: string }>()((db, value) =>
  db
    .deleteFrom('cart_items')
    .where('cart_id', 'in', db.selectFrom('carts').select('carts.id').where('carts.user_id', '=', value('userId')))
    .where('course_id', '=', value('courseId')),
);

/** A bought course leaves the buyer's cart (in the paying transaction). */
export async function removeBoughtFromCart(db: Db, userId: string, courseId: string): Promise<void> {
  await boughtCartItem.execute(db, { userId, courseId });
}

const boughtCartBundle = preparedQuery<{ userId: string; bundleId: string }>()((db, value) =>
  db
    .deleteFrom('cart_bundles')
    .where('cart_id', 'in', db.selectFrom('carts').select('carts.id').where('carts.user_id', '=', value('userId')))
    .where('bundle_id', '=', value('bundleId')),
);

/** A bought bundle leaves the buyer's cart (in the paying transaction). */
export async function removeBoughtBundleFromCart(db: Db, userId: string, bundleId: string): Promise<void> {
  await boughtCartBundle.execute(db, { userId, bundleId });
}
