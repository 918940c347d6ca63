import { type AdminOrderDetail, formatPaise, gstStateName, messages } from '@shop/shared';
import { Link } from 'wouter';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useGetOrderQuery, useRefundOrderMutation } from './api';
import { formatDateTime } from './format-date';
import { TableHead, TableWrap } from './table-wrap';

/** The billing details as the buyer gave them, or what the tax law does without them. */
function billingText({ state, pin, country, businessName, gstin }: AdminOrderDetail['billing']): string {
  if (!state) return 'None given: taxed in the shop’s state';
  const parts = [`${gstStateName(state) ?? state} (${state})`];
  if (pin) parts.push(`PIN ${pin}`);
  if (country) parts.push(`country ${country}`);
  if (businessName) parts.push(businessName);
  if (gstin) parts.push(`GSTIN ${gstin}`);
  return parts.join(', ');
}

export function OrderDetail({ id }: { id: string }) {
  const { data: order, isError } = useGetOrderQuery(id);
  const [refund, { isLoading }] = useRefundOrderMutation();
  if (isError) return <p className="state-message">{messages.adminOrderMissing}</p>;
  if (!order) return <p className="state-message">{messages.loading}</p>;

  const refundAll = async () => {
    const sure = window.confirm(
      `Refund ${formatPaise(order.totalPaise)} to ${order.email}? The learner loses access to the courses of this order.`,
    );
    if (!sure) return;
    try {
      await refund(order.id).unwrap();
      toast.success('The order is refunded and its courses are no longer available to the learner.');
    } catch (error) {
      toast.error(errorMessage(error, 'The refund could not be made. Please try again.'));
    }
  };

  return (
    <>
      <div className="admin-heading">
        <h1>Order {order.id}</h1>
        <Link to="/admin/orders">Back to orders</Link>
      </div>
      <dl className="admin-facts">
        <dt>Status</dt>
        <dd data-testid="order-status">{order.status}</dd>
        <dt>Customer</dt>
        <dd>
          {order.billingName} ({order.email}) · <Link to={`/admin/learners/${order.userId}`}>account</Link>
        </dd>
        <dt>Billing</dt>
        <dd data-testid="order-billing">{billingText(order.billing)}</dd>
        <dt>Education-only notice</dt>
        <dd data-testid="order-disclaimer">
          {order.disclaimerAcceptedAt
            ? `Acknowledged ${formatDateTime(order.disclaimerAcceptedAt)}`
            : 'Not acknowledged (ordered without the checkout form)'}
        </dd>
        <dt>Created</dt>
        <dd>{formatDateTime(order.createdAt)}</dd>
        <dt>Paid</dt>
        <dd>{formatDateTime(order.paidAt)}</dd>
        <dt>Refunded</dt>
        <dd>{formatDateTime(order.refundedAt)}</dd>
        <dt>Subtotal</dt>
        <dd>{formatPaise(order.subtotalPaise)}</dd>
        <dt>Coupon</dt>
        <dd>
          {order.couponCode
            ? `${order.couponCode} (${order.discountPercent}% off, −${formatPaise(order.discountPaise)})`
            : 'none'}
        </dd>
        <dt>Total</dt>
        <dd>{formatPaise(order.totalPaise)}</dd>
        <dt>Gateway</dt>
        <dd>
          {order.gateway} {order.gatewayOrderId ?? ''}
        </dd>
      </dl>
      {order.status === 'paid' && order.totalPaise > 0 && (
        <button type="button" className="btn" onClick={refundAll} disabled={isLoading}>
          {isLoading ? 'Refunding…' : `Refund ${formatPaise(order.totalPaise)} in full`}
        </button>
      )}
      <h2>Courses</h2>
      <ul>
        {order.lines.map((line) => (
          <li key={line.courseId}>
            {line.title}: {formatPaise(line.unitPricePaise)}
          </li>
        ))}
      </ul>
      <h2>Payments and refunds</h2>
      <TableWrap label="Payments and refunds">
        <table className="admin-table">
          <TableHead columns={['Kind', 'Gateway id', 'Amount', 'Status', 'When']} />
          <tbody>
            {order.payments.map((p) => (
              <tr key={p.gatewayPaymentId}>
                <td>Payment</td>
                <td>{p.gatewayPaymentId}</td>
                <td>{formatPaise(p.amountPaise)}</td>
                <td>
                  {p.status}
                  {p.international === null ? '' : p.international ? ', card from abroad' : ', paid from India'}
                </td>
                <td>{formatDateTime(p.createdAt)}</td>
              </tr>
            ))}
            {order.refunds.map((r) => (
              <tr key={`${r.gatewayRefundId}-${r.createdAt}`}>
                <td>Refund</td>
                <td>{r.gatewayRefundId ?? '—'}</td>
                <td>{formatPaise(r.amountPaise)}</td>
                <td>{r.status}</td>
                <td>{formatDateTime(r.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      <h2>Status history</h2>
      <ol className="admin-history">
        {order.events.map((e) => (
          <li key={`${e.createdAt}-${e.toStatus}`}>
            {formatDateTime(e.createdAt)}: {e.fromStatus ?? 'new'} → {e.toStatus} ({e.source}
            {e.note ? `, ${e.note}` : ''})
          </li>
        ))}
      </ol>
    </>
  );
}
