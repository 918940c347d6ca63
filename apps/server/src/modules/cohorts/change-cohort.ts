import { type AdminCohort, type adminCohortPatch, messages } from '@shop/shared';
import type { z } from 'zod';
import { changeWithAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { Db, DbKind } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { MailQueue } from '../../mail/mailer.js';
import { findActiveUsersByIds } from '../accounts/index.js';
import { findCourseRow } from '../courses/index.js';
import { cohortMovedMail } from './cohort-mails.js';
import { adminCohortView } from './cohort-view.js';
import { checkCohortDates } from './create-cohort.js';
import { countMembers, findCohort, findMemberIds, lockCohort, updateCohort } from './repo.js';

interface Deps {
  db: Db;
  dbKind: DbKind;
  mail: MailQueue;
  site: { publicUrl: string; siteName: string };
  invalidateCatalogue: () => void;
}

/**
 * The console changes a cohort (audit-logged): its title, seat limit (never below the seats taken, counted
 * under the cohort's lock so a purchase in between cannot slip under it), last day of enrolment, or start.
 * The scheduled release reads the start from the row, so lessons released after it follow by themselves;
 * a moved start is mailed to the cohort's active members in the change's own transaction (moved and told,
 * or neither).
 */
export async function changeCohort(
  deps: Deps,
  actor: SessionUser,
  id: string,
  patch: z.output<typeof adminCohortPatch>,
  now = new Date(),
): Promise<AdminCohort> {
  const before = await findCohort(deps.db, id);
  if (!before) throw new AppError('not_found', messages.cohortNotFound);
  const moved = patch.startsOn !== undefined && patch.startsOn !== before.starts_on;
  // Only a new date is held to today or later: an unchanged one that has passed may be sent back as it was.
  checkCohortDates(
    {
      ...(moved ? { startsOn: patch.startsOn } : {}),
      ...(patch.enrolUntil !== undefined && patch.enrolUntil !== before.enrol_until
        ? { enrolUntil: patch.enrolUntil }
        : {}),
    },
    now,
  );
  const fields = {
    ...(patch.title === undefined ? {} : { title: patch.title }),
    ...(patch.startsOn === undefined ? {} : { starts_on: patch.startsOn }),
    ...(patch.seats === undefined ? {} : { seats: patch.seats }),
    ...(patch.enrolUntil === undefined ? {} : { enrol_until: patch.enrolUntil }),
  };
  const course = moved ? await findCourseRow(deps.db, before.course_id) : undefined;
  let queued = 0;
  await changeWithAudit(
    deps.db,
    actor,
    async (trx) => {
      await lockCohort(trx, deps.dbKind, id);
      if (patch.seats !== undefined && patch.seats !== null) {
        const taken = await countMembers(trx, id);
        if (patch.seats < taken) {
          const message = messages.cohortSeatsBelowTaken.replace('{taken}', String(taken));
          throw new AppError('bad_request', message, { seats: message });
        }
      }
      await updateCohort(trx, id, fields, now.toISOString());
      if (!moved || !patch.startsOn) return;
      const members = await findActiveUsersByIds(trx, await findMemberIds(trx, id));
      for (const member of members) {
        const mail = cohortMovedMail(
          deps.site,
          { email: member.email, name: member.username },
          {
            title: fields.title ?? before.title,
            courseTitle: course?.title ?? '',
            from: before.starts_on,
            to: patch.startsOn,
          },
        );
        await deps.mail.enqueue(mail, trx, now);
        queued += 1;
      }
    },
    {
      action: 'cohort.update',
      entity: 'cohort',
      entityId: id,
      before: {
        title: before.title,
        startsOn: before.starts_on,
        seats: before.seats,
        enrolUntil: before.enrol_until,
      },
      after: patch,
    },
    now,
  );
  if (queued > 0) deps.mail.kick();
  deps.invalidateCatalogue();
  const after = await findCohort(deps.db, id);
  if (!after) throw new Error(`cohort ${id} is gone`);
  return adminCohortView(after, now);
}
