import type { MyDataExport } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { anonymisePostsOf, findPostsBy } from './repo.js';

/** The member's threads and replies as they wrote them (held and hidden ones included), for their data export. */
export async function exportPostsOf(db: Db, userId: string): Promise<MyDataExport['communityPosts']> {
  return (await findPostsBy(db, userId)).map((row) => ({
    id: row.id,
    spaceId: row.space_id,
    threadId: row.thread_id,
    title: row.title,
    body: row.body_source,
    status: row.status,
    createdAt: row.created_at,
  }));
}

/** Account deletion, inside its transaction: the posts stay, signed "former member". */
export function anonymisePostsOfMember(trx: Db, userId: string): Promise<void> {
  return anonymisePostsOf(trx, userId);
}
