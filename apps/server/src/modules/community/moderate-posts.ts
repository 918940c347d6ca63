import { type CommunityQueueItem, messages } from '@shop/shared';
import { writeAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { findUserById } from '../accounts/index.js';
import type { CommunityBus } from './event-bus.js';
import { authorOf, viewStatus } from './post-view.js';
import {
  findPost,
  findQueue,
  findSpace,
  insertBan,
  insertSpace,
  recountReplies,
  resolveReportsOf,
  updatePost,
} from './repo.js';

/** The console's queue: posts with open reports and posts held for review, oldest first. */
export async function listModerationQueue(db: Db): Promise<CommunityQueueItem[]> {
  return (await findQueue(db)).map((row) => ({
    postId: row.id,
    threadId: row.thread_id ?? row.id,
    spaceId: row.space_id,
    spaceTitle: row.space_title,
    title: row.title,
    author: authorOf(row),
    bodyHtml: row.body_html,
    status: viewStatus(row),
    statusReason: row.status_reason,
    createdAt: row.created_at,
    reports: row.reports.map((report) => ({ reason: report.reason, createdAt: report.created_at })),
  }));
}

async function moderatedPost(db: Db, postId: string) {
  const post = await findPost(db, postId);
  if (!post || post.status === 'deleted') throw new AppError('not_found', messages.communityPostNotFound);
  return post;
}

/**
 * The operator hides a post (gone for members, kept for the record) or restores it (a held post restored
 * is approved and shown); its open reports are settled, and the change and its reason are audit-logged
 * in the same transaction.
 */
export async function setPostShown(
  db: Db,
  bus: Pick<CommunityBus, 'publish'>,
  operator: SessionUser,
  postId: string,
  shown: boolean,
  reason: string,
  now = new Date(),
): Promise<void> {
  const post = await moderatedPost(db, postId);
  const status = shown ? 'visible' : 'hidden';
  await db.transaction().execute(async (trx) => {
    await updatePost(trx, post.id, { status, status_reason: reason, updated_at: now.toISOString() });
    await resolveReportsOf(trx, post.id, now);
    if (post.thread_id) await recountReplies(trx, post.thread_id, now);
    await writeAudit(
      trx,
      operator,
      {
        action: shown ? 'community.post.restore' : 'community.post.hide',
        entity: 'community_post',
        entityId: post.id,
        before: { status: post.status },
        after: { status, reason },
      },
      now,
    );
  });
  if (shown && post.status === 'held')
    bus.publish({
      type: post.thread_id ? 'reply' : 'thread',
      spaceId: post.space_id,
      threadId: post.thread_id ?? post.id,
      postId: post.id,
    });
}

/** The operator pins or unpins a thread (announcements come pinned); audit-logged. */
export async function setThreadPinned(
  db: Db,
  operator: SessionUser,
  postId: string,
  pinned: boolean,
  now = new Date(),
) {
  const post = await moderatedPost(db, postId);
  if (post.thread_id !== null) throw new AppError('not_found', messages.communityThreadNotFound);
  await db.transaction().execute(async (trx) => {
    await updatePost(trx, post.id, { pinned: pinned ? 1 : 0, updated_at: now.toISOString() });
    await writeAudit(
      trx,
      operator,
      {
        action: pinned ? 'community.thread.pin' : 'community.thread.unpin',
        entity: 'community_post',
        entityId: post.id,
        before: { pinned: post.pinned === 1 },
        after: { pinned },
      },
      now,
    );
  });
}

/**
 * The operator bans a member from a space (no reading, no posting, until lifted) or mutes them for a time
 * (reading stays open); audit-logged with the reason. The operator cannot be banned.
 */
export async function banMember(
  db: Db,
  operator: SessionUser,
  spaceId: string,
  input: { userId: string; kind: 'ban' | 'mute'; minutes?: number; reason: string },
  now = new Date(),
) {
  const space = await findSpace(db, spaceId);
  if (!space) throw new AppError('not_found', messages.communitySpaceNotFound);
  const member = await findUserById(db, input.userId);
  if (!member)
    throw new AppError('not_found', messages.communityMemberNotFound, { userId: messages.communityMemberNotFound });
  if (member.role === 'admin')
    throw new AppError('bad_request', messages.communityCannotBanOperator, {
      userId: messages.communityCannotBanOperator,
    });
  if (input.kind === 'mute' && !input.minutes)
    throw new AppError('bad_request', `minutes ${messages.communityBanNeedsMinutes}`, {
      minutes: messages.communityBanNeedsMinutes,
    });
  const until = input.kind === 'mute' ? new Date(now.getTime() + (input.minutes ?? 0) * 60_000).toISOString() : null;
  const ban = { id: newId(), userId: member.id, kind: input.kind, until, reason: input.reason };
  await db.transaction().execute(async (trx) => {
    await insertBan(trx, {
      id: ban.id,
      space_id: space.id,
      user_id: member.id,
      kind: input.kind,
      reason: input.reason,
      created_by: operator.id,
      created_at: now.toISOString(),
      until,
    });
    await writeAudit(
      trx,
      operator,
      {
        action: input.kind === 'ban' ? 'community.member.ban' : 'community.member.mute',
        entity: 'community_space',
        entityId: space.id,
        before: null,
        after: { userId: member.id, until, reason: input.reason },
      },
      now,
    );
  });
  return ban;
}

/** The operator adds a space of their own (its members: anyone with a live enrolment or membership); audit-logged. */
export async function addSpace(db: Db, operator: SessionUser, title: string, now = new Date()) {
  const id = newId();
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await insertSpace(trx, { id, title, course_id: null, plan_id: null, created_at: at, updated_at: at });
    await writeAudit(
      trx,
      operator,
      { action: 'community.space.create', entity: 'community_space', entityId: id, before: null, after: { title } },
      now,
    );
  });
  return { id, title, courseId: null, planId: null };
}
