import type { MyOrder } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { listOrdersOfBuyer } from './repo.js';

/** The signed-in learner's orders with their courses and which tax documents can be downloaded. */
export async function listMyOrders(db: Db, user: SessionUser): Promise<MyOrder[]> {
  const orders = await listOrdersOfBuyer(db, user.id);
  return orders.map((order) => ({
    id: order.id,
    createdAt: order.created_at,
    status: order.status === 'expired' ? 'failed' : order.status,
    amountPaise: order.total_paise,
    courses: order.lines.map((line) => ({ id: line.course_id, title: line.title })),
    invoiceNumber: order.documents.find((document) => document.kind === 'invoice')?.number ?? null,
    creditNoteNumber: order.documents.find((document) => document.kind === 'credit_note')?.number ?? null,
  }));
}
