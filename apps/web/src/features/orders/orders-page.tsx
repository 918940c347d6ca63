import { formatPaise, type MyOrder, messages, orderCreditNotePath, orderInvoicePath } from '@shop/shared';
import { Link } from 'wouter';
import { EmptyShelf, LoadFailed } from '../../components/ui/shelf-states';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { DashboardPage, DashboardPanel } from '../account/dashboard-sidebar';
import { useGetMyOrdersQuery } from './api';
import './orders.css';

const indiaDate = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

const statusLabel: Record<MyOrder['status'], string> = {
  created: messages.ordersStatusPending,
  attempted: messages.ordersStatusPending,
  paid: messages.ordersStatusPaid,
  failed: messages.ordersStatusFailed,
  refunded: messages.ordersStatusRefunded,
};

function Documents({ order }: { order: MyOrder }) {
  if (!order.invoiceNumber) return <span aria-hidden="true">–</span>;
  return (
    <ul className="orders-documents">
      <li>
        <a href={orderInvoicePath(order.id)} download>
          {messages.ordersInvoice} {order.invoiceNumber}
        </a>
      </li>
      {order.creditNoteNumber && (
        <li>
          <a href={orderCreditNotePath(order.id)} download>
            {messages.ordersCreditNote} {order.creditNoteNumber}
          </a>
        </li>
      )}
    </ul>
  );
}

const columns = [
  messages.ordersDate,
  messages.ordersCourses,
  messages.ordersAmount,
  messages.ordersStatus,
  messages.ordersDocuments,
] as const;

function OrdersTable() {
  const { data: orders, isLoading, isError } = useGetMyOrdersQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isLoading) return <p className="state-message">{messages.loading}</p>;
  if (isError || !orders) {
    return <LoadFailed>{messages.ordersFailed}</LoadFailed>;
  }
  if (orders.length === 0) {
    return <EmptyShelf className="enrolled-empty" message={messages.ordersEmpty} />;
  }
  // On a phone each row is drawn as a card, each cell under its column's name (data-label, orders.css).
  return (
    <table className="orders-table">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id}>
            <td data-label={messages.ordersDate}>{indiaDate.format(new Date(order.createdAt))}</td>
            <td data-label={messages.ordersCourses}>
              <ul className="orders-courses">
                {order.courses.map((course) => (
                  <li key={course.id}>
                    <Link to={`/course-details/${course.id}`}>{course.title}</Link>
                  </li>
                ))}
              </ul>
            </td>
            <td data-label={messages.ordersAmount} className="orders-amount">
              {formatPaise(order.amountPaise)}
            </td>
            <td data-label={messages.ordersStatus}>{statusLabel[order.status]}</td>
            <td data-label={messages.ordersDocuments}>
              <Documents order={order} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /orders: the learner's orders with their tax invoices and credit notes to download (issue 16). */
export default function OrdersPage() {
  useDocumentMeta(messages.ordersTitle, 'Your orders, with their tax invoices and credit notes.');
  return (
    <DashboardPage title={messages.ordersTitle}>
      <DashboardPanel id="orders-title" title={messages.ordersTitle}>
        <OrdersTable />
      </DashboardPanel>
    </DashboardPage>
  );
}
