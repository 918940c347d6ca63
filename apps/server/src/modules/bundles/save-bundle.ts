import { type AdminBundle, type AdminBundleInput, type AdminBundlePatch, messages, rupeesToPaise } from '@shop/shared';
import { changeWithAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { findPublishedCourseIds } from '../courses/index.js';
import { setOfferCourses } from '../plans/index.js';
import { toAdminBundle, withCourses } from './read-bundles.js';
import { findAllBundleRows, findBundleRow, insertBundle, replaceBundleCourses, updateBundle } from './repo.js';

async function loadAdminBundle(db: Db, id: string): Promise<AdminBundle> {
  const row = await findBundleRow(db, id);
  if (!row) throw new AppError('not_found', messages.bundleNotFound);
  const [loaded] = await withCourses(db, [row]);
  return toAdminBundle(loaded as NonNullable<typeof loaded>);
}

/** Every bundle, published or not, for the console. */
export async function listAdminBundles(db: Db): Promise<AdminBundle[]> {
  return (await withCourses(db, await findAllBundleRows(db))).map(toAdminBundle);
}

/** A bundle holds at least 2 courses, every one of them published (an unknown id counts as unpublished). */
async function checkCourses(db: Db, courseIds: string[]): Promise<void> {
  const published = await findPublishedCourseIds(db, courseIds);
  if (courseIds.length < 2 || courseIds.some((id) => !published.has(id))) {
    const message = `courseIds ${messages.bundleNeedsCourses}`;
    throw new AppError('bad_request', message, { courseIds: messages.bundleNeedsCourses });
  }
}

/** The console creates a bundle; the row, its courses and the audit entry are one transaction. */
export async function createBundle(
  db: Db,
  actor: SessionUser,
  input: AdminBundleInput,
  now = new Date(),
): Promise<AdminBundle> {
  await checkCourses(db, input.courseIds);
  const id = newId();
  const stamp = now.toISOString();
  await changeWithAudit(
    db,
    actor,
    async (trx) => {
      await insertBundle(trx, {
        id,
        title: input.title,
        description: input.description,
        price_paise: rupeesToPaise(input.price),
        published: input.published ? 1 : 0,
        created_at: stamp,
        updated_at: stamp,
      });
      await replaceBundleCourses(trx, id, input.courseIds);
    },
    { action: 'bundle.create', entity: 'bundle', entityId: id, before: null, after: input },
    now,
  );
  return loadAdminBundle(db, id);
}

/**
 * The console changes some of a bundle's fields; the others stay. A changed price applies to carts from
 * now; changed courses apply to its instalment offer too.
 */
export async function updateBundleFields(
  db: Db,
  actor: SessionUser,
  id: string,
  patch: AdminBundlePatch,
  now = new Date(),
): Promise<AdminBundle> {
  const before = await loadAdminBundle(db, id);
  if (patch.courseIds) await checkCourses(db, patch.courseIds);
  await changeWithAudit(
    db,
    actor,
    async (trx) => {
      await updateBundle(trx, id, {
        ...(patch.title === undefined ? {} : { title: patch.title }),
        ...(patch.description === undefined ? {} : { description: patch.description }),
        ...(patch.price === undefined ? {} : { price_paise: rupeesToPaise(patch.price) }),
        ...(patch.published === undefined ? {} : { published: patch.published ? 1 : 0 }),
        updated_at: now.toISOString(),
      });
      if (patch.courseIds) {
        await replaceBundleCourses(trx, id, patch.courseIds);
        // Its instalment offer sells the bundle as it is, to new payers and to those paying already.
        await setOfferCourses(trx, { bundleId: id }, patch.courseIds);
      }
    },
    { action: 'bundle.update', entity: 'bundle', entityId: id, before, after: patch },
    now,
  );
  return loadAdminBundle(db, id);
}
