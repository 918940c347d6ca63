import type { Db } from '../db/database.js';
import { renderMarkdown } from '../modules/community/render-markdown.js';
import { insertMissingDemo } from '../modules/community/repo.js';
import { DEMO_PLAN_ID } from './seed-plans.js';

export const DEMO_SPACE_ID = '64a1f0c2b7e4d1a2c3e5e001';

const WELCOME = `Welcome to the members' community of the **Trader's Club**. Ask questions about the courses and the live sessions, share your trade journal, and help each other learn.

House rules:

1. **Education only.** No buy or sell calls, targets or stop-losses for others to follow: SEBI forbids unregistered advice, and such posts are removed.
2. Be kind; disagree with the idea, not the person.
3. Mark the reply that answered your question, so the next member finds it.`;

const PRACTICE = `This week, pick one chart you traded (or watched) and mark:

- the nearest **support** and **resistance**,
- where your stop would have been, and why.

Reply with a short description; we go through a few in Monday's market-open session.`;

/**
 * The demo community (issue 36): the Trader's Club space with the shop's pinned welcome and house rules and
 * this week's practice, so a newcomer who joins the club finds a living space. Kept as it is if it exists.
 */
export async function seedCommunity(db: Db, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const earlier = new Date(now.getTime() - 60_000).toISOString();
  const post = (id: string, title: string, body: string, pinned: number, created: string) => ({
    id,
    space_id: DEMO_SPACE_ID,
    thread_id: null,
    author_id: null,
    kind: 'announcement' as const,
    title,
    body_source: body,
    body_html: renderMarkdown(body),
    status: 'visible' as const,
    status_reason: null,
    answer_id: null,
    pinned,
    reply_count: 0,
    last_activity_at: created,
    edited_at: null,
    created_at: created,
    updated_at: created,
  });
  await insertMissingDemo(
    db,
    {
      id: DEMO_SPACE_ID,
      title: "Trader's Club",
      course_id: null,
      plan_id: DEMO_PLAN_ID,
      created_at: at,
      updated_at: at,
    },
    [
      post('64a1f0c2b7e4d1a2c3e5e101', "Welcome to the Trader's Club community", WELCOME, 1, earlier),
      post('64a1f0c2b7e4d1a2c3e5e102', "This week's practice: support, resistance and your stop", PRACTICE, 0, at),
    ],
  );
}
