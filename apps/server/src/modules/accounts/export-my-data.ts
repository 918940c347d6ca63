import { type MyDataExport, messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { listMyOrders } from '../billing/list-my-orders.js';
import { findCartLines } from '../cart/repo.js';
import { findCertificatesByUser } from '../certificates/repo.js';
import { findEnrolledCourses } from '../learning/repo.js';
import { findSubscription } from '../newsletter/repo.js';
import { findNotesByUser } from '../notes/repo.js';
import { findReviewsByUser } from '../reviews/repo.js';
import { findUserById } from './repo.js';

/**
 * "Download my data" (DPDP Act 2023, right to information): everything the shop keeps about the
 * learner, each part from its own module. Whitelisted field by field, so a password hash, a token
 * hash or any column added later never slips in.
 */
export async function exportMyData(db: Db, user: SessionUser, now = new Date()): Promise<MyDataExport> {
  const row = await findUserById(db, user.id);
  if (!row) throw new AppError('unauthorized', messages.pleaseLogIn);
  const [orders, enrolments, cart, subscribedAt, reviews, notes, certificates] = await Promise.all([
    listMyOrders(db, user),
    findEnrolledCourses(db, user.id),
    findCartLines(db, user.id),
    findSubscription(db, row.email),
    findReviewsByUser(db, user.id),
    findNotesByUser(db, user.id),
    findCertificatesByUser(db, user.id),
  ]);
  return {
    exportedAt: now.toISOString(),
    profile: {
      id: row.id,
      username: row.username,
      email: row.email,
      role: row.role,
      emailVerifiedAt: row.email_verified_at,
      createdAt: row.created_at,
    },
    signInMethods: { password: row.password_hash !== null, emailLink: true, google: row.google_sub !== null },
    orders,
    enrolments: enrolments.map((course) => ({ courseId: course.id, title: course.title })),
    cart: cart.map((line) => ({ courseId: line.id, title: line.title })),
    newsletter: { subscribed: subscribedAt !== null, since: subscribedAt },
    reviews: reviews.map((review) => ({
      courseId: review.course_id,
      title: review.title,
      rating: review.rating,
      text: review.text,
      createdAt: review.created_at,
      updatedAt: review.updated_at,
      hidden: review.hidden_at !== null,
    })),
    notes: notes.map((note) => ({
      courseId: note.course_id,
      courseTitle: note.course_title,
      lessonTitle: note.lesson_title,
      positionSeconds: note.position_seconds === null ? null : Number(note.position_seconds),
      text: note.text,
      createdAt: note.created_at,
      updatedAt: note.updated_at,
    })),
    certificates: certificates.map((certificate) => ({
      id: certificate.id,
      courseId: certificate.course_id,
      name: certificate.printed_name,
      courseTitle: certificate.course_title,
      instructor: certificate.instructor,
      completedAt: certificate.completed_at,
    })),
    wishlist: 'kept only in your browser',
  };
}
