import { createHash, randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';

/** Writes straight into a shop's SQLite file: learners with sessions and carts, orders, enrolments. */
export class BenchData {
  readonly db: SQLite.Database;

  constructor(file: string) {
    this.db = new SQLite(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 10000');
  }

  courses(): { id: string; price_paise: number }[] {
    return this.db.prepare('select id, price_paise from courses where published = 1 order by id').all() as {
      id: string;
      price_paise: number;
    }[];
  }

  /** `count` learners, each signed in (Bearer token) and with the given courses in their cart. */
  learners(count: number, cartFor: (index: number) => string[] = () => []): { id: string; token: string }[] {
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const insertUser = this.db.prepare(
      `insert into users (id, username, email, email_lower, password_hash, email_verified_at, google_sub, role, status, created_at, updated_at)
       values (?, ?, ?, ?, null, ?, null, 'learner', 'active', ?, ?)`,
    );
    const insertSession = this.db.prepare(
      'insert into sessions (id, token_hash, user_id, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?, ?)',
    );
    const insertCart = this.db.prepare('insert into carts (id, user_id, created_at, updated_at) values (?, ?, ?, ?)');
    const insertItem = this.db.prepare(
      'insert into cart_items (cart_id, course_id, quantity, added_at) values (?, ?, 1, ?)',
    );
    const made: { id: string; token: string }[] = [];
    const tag = randomBytes(3).toString('hex');
    this.db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const id = randomBytes(12).toString('hex');
        const token = randomBytes(32).toString('base64url');
        const email = `bench-${tag}-${i}@example.com`;
        insertUser.run(id, `bench_${tag}_${i}`, email, email, now, now, now);
        insertSession.run(
          randomBytes(12).toString('hex'),
          createHash('sha256').update(token).digest('hex'),
          id,
          now,
          now,
          later,
        );
        const courses = cartFor(i);
        if (courses.length > 0) {
          const cartId = randomBytes(12).toString('hex');
          insertCart.run(cartId, id, now, now);
          for (const course of courses) insertItem.run(cartId, course, now);
        }
        made.push({ id, token });
      }
    })();
    return made;
  }

  /** Enrols each learner in the course, as a grant without an order would. */
  enrol(userIds: string[], courseId: string): void {
    const now = new Date().toISOString();
    const insert = this.db.prepare(
      'insert into enrolments (id, user_id, course_id, order_id, granted_at, revoked_at) values (?, ?, ?, null, ?, null)',
    );
    this.db.transaction(() => {
      for (const userId of userIds) insert.run(randomBytes(12).toString('hex'), userId, courseId, now);
    })();
  }

  /**
   * Scheduled release (issue 35): the course's lessons open one a day after enrolment (the first at once),
   * so the player's answer works out a date for each lesson and leaves out the locked ones' content.
   */
  releaseDaily(courseId: string): void {
    const update = this.db.prepare(
      "update course_lessons set release_kind = 'afterEnrolment', release_days = ? where id = ?",
    );
    this.db.transaction(() => {
      for (const [day, lessonId] of this.lessons(courseId).entries()) update.run(day, lessonId);
    })();
  }

  /** The course's lessons, in the player's order. */
  /**
   * The learners' saved positions in a course count as watched to the end: the bench measures the
   * certificate's render, not how the server measures watched time (a video completes at 90 % watched).
   */
  markWatched(courseId: string): void {
    this.db.prepare('update lesson_progress set watched_seconds = 1000000 where course_id = ?').run(courseId);
  }

  lessons(courseId: string): string[] {
    const rows = this.db
      .prepare(
        `select l.id from course_lessons l join course_sections s on s.id = l.section_id
         where l.course_id = ? order by s.position, l.position`,
      )
      .all(courseId) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /** Video transcodes: how many there are, and how many are still queued or running (the demo clips' on a first start). */
  videoJobs(): { all: number; pending: number } {
    const row = this.db
      .prepare(
        "select count(*) as total, coalesce(sum(status in ('queued', 'running')), 0) as pending from lesson_videos",
      )
      .get() as { total: number; pending: number };
    return { all: row.total, pending: row.pending };
  }

  close(): void {
    this.db.close();
  }
}

/** Fills a database to the growth sizes: extra courses, learners, and paid orders with their enrolments. */
export function growDatabase(file: string, sizes: { courses: number; learners: number; orders: number }): void {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const now = new Date().toISOString();
  const courseIds: string[] = [];
  const insertCourse = db.prepare(
    `insert into courses (id, title, thumb, tag, rating, instructor, price_paise, level, video_link, students, course_description, description, what_youll_learn, curriculum, published, created_at, updated_at)
     values (?, ?, '/images/courses/basic-maths.svg', 'Generated', 4.5, 'Bench Teacher', ?, 'Beginner', '', 0, '', '', '[]', '[]', 1, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < sizes.courses; i++) {
      const id = randomBytes(12).toString('hex');
      courseIds.push(id);
      insertCourse.run(id, `Generated course ${i}`, 100_000 + i * 100, now, now);
    }
  })();
  const insertUser = db.prepare(
    `insert into users (id, username, email, email_lower, password_hash, email_verified_at, google_sub, role, status, created_at, updated_at)
     values (?, ?, ?, ?, null, ?, null, 'learner', 'active', ?, ?)`,
  );
  const userIds: string[] = [];
  db.transaction(() => {
    for (let i = 0; i < sizes.learners; i++) {
      const id = randomBytes(12).toString('hex');
      userIds.push(id);
      insertUser.run(id, `grown_${i}`, `grown-${i}@example.com`, `grown-${i}@example.com`, now, now, now);
    }
  })();
  const insertOrder = db.prepare(
    `insert into orders (id, user_id, status, subtotal_paise, discount_paise, total_paise, coupon_id, coupon_code, discount_percent, currency, gateway, gateway_order_id, cart_fingerprint, billing_name, billing_email, created_at, updated_at, paid_at, refunded_at)
     values (?, ?, 'paid', ?, 0, ?, null, null, 0, 'INR', 'sandbox', ?, '', '', '', ?, ?, ?, null)`,
  );
  const insertLine = db.prepare(
    'insert into order_lines (id, order_id, course_id, title, unit_price_paise) values (?, ?, ?, ?, ?)',
  );
  const insertEnrolment = db.prepare(
    'insert or ignore into enrolments (id, user_id, course_id, order_id, granted_at, revoked_at) values (?, ?, ?, ?, ?, null)',
  );
  const perUser = Math.ceil(sizes.orders / sizes.learners);
  const batch = 100_000;
  for (let start = 0; start < sizes.orders; start += batch) {
    db.transaction(() => {
      for (let n = start; n < Math.min(sizes.orders, start + batch); n++) {
        const user = userIds[Math.floor(n / perUser) % userIds.length] ?? '';
        const course = courseIds[(n * 7919) % courseIds.length] ?? '';
        const orderId = randomBytes(12).toString('hex');
        const stamp = new Date(Date.now() - n * 1000).toISOString();
        insertOrder.run(orderId, user, 100_000, 100_000, `order_g${n}`, stamp, stamp, stamp);
        insertLine.run(randomBytes(12).toString('hex'), orderId, course, 'Generated course', 100_000);
        insertEnrolment.run(randomBytes(12).toString('hex'), user, course, orderId, stamp);
      }
    })();
  }
  db.pragma('optimize');
  db.close();
}
