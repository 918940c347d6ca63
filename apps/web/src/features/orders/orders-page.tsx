import { formatPaise, type MyOrder, messages, orderCreditNotePath, orderInvoicePath } from '@shop/shared';
import { Link } from 'wouter';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { DashboardPage, DashboardPanel } from '../account/dashboard-sidebar';
import { EmptyShelf, LoadFailed } from '../cart/shelf-states';
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

function OrdersTable() {
  const { data: orders, isLoading, isError } = useGetMyOrdersQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isLoading) return <p className="state-message">{messages.loading}</p>;
  if (isError || !orders) {
    return <LoadFailed>{messages.ordersFailed}</LoadFailed>;
  }
  if (orders.length === 0) {
    return <EmptyShelf className="enrolled-empty" message={messages.ordersEmpty} />;
  }
  return (
    <div className="orders-scroll">
      <table className="orders-table">
        <thead>
          <tr>
            <th scope="col">{messages.ordersDate}</th>
            <th scope="col">{messages.ordersCourses}</th>
            <th scope="col">{messages.ordersAmount}</th>
            <th scope="col">{messages.ordersStatus}</th>
            <th scope="col">{messages.ordersDocuments}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <td>{indiaDate.format(new Date(order.createdAt))}</td>
              <td>
                <ul className="orders-courses">
                  {order.courses.map((course) => (
                    <li key={course.id}>
                      <Link to={`/course-details/${course.id}`}>{course.title}</Link>
                    </li>
                  ))}
                </ul>
              </td>
              <td className="orders-amount">{formatPaise(order.amountPaise)}</td>
              <td>{statusLabel[order.status]}</td>
              <td>
                <Documents order={order} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
