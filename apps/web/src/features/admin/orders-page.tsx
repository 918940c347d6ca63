import { type AdminOrderQuery, adminPaths, formatPaise, orderStatuses } from '@shop/shared';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'wouter';
import { orderSearchParams, useSearchOrdersQuery } from './api';
import { formatDateTime } from './format-date';
import { OrderDetail } from './order-detail';
import { AdminTable } from './table-wrap';

export function OrdersPage() {
  const { id } = useParams();
  const [query, setQuery] = useState<AdminOrderQuery>({});
  const { data, isFetching } = useSearchOrdersQuery(query);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    setQuery({
      q: text('q') || undefined,
      status: (text('status') || undefined) as AdminOrderQuery['status'],
      from: text('from') || undefined,
      to: text('to') || undefined,
    });
  };

  if (id) return <OrderDetail id={id} />;
  return (
    <>
      <h1>Orders</h1>
      <form className="admin-search" onSubmit={search} aria-label="Search orders">
        <div className="admin-field">
          <label htmlFor="order-q">E-mail or order id</label>
          <input id="order-q" name="q" type="search" defaultValue={query.q} />
        </div>
        <div className="admin-field">
          <label htmlFor="order-status">Status</label>
          <select id="order-status" name="status" defaultValue={query.status ?? ''}>
            <option value="">Any status</option>
            {orderStatuses.map((status) => (
              <option key={status}>{status}</option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="order-from">From</label>
          <input id="order-from" name="from" type="date" defaultValue={query.from} />
        </div>
        <div className="admin-field">
          <label htmlFor="order-to">To</label>
          <input id="order-to" name="to" type="date" defaultValue={query.to} />
        </div>
        <button type="submit" className="btn">
          Search orders
        </button>
        <a className="btn btn-outline" href={`${adminPaths.ordersCsv}?${orderSearchParams(query)}`} download>
          Export CSV
        </a>
      </form>
      <AdminTable
        label="Orders found"
        busy={isFetching}
        columns={['Order', 'Date', 'Customer', 'Courses', 'Total', 'Coupon', 'Status']}
        rows={data}
        empty={<p className="state-message">No orders match this search.</p>}
      >
        {(order) => (
          <>
            <td>
              <Link to={`/admin/orders/${order.id}`} aria-label={`Order ${order.id}`}>
                {order.id}
              </Link>
            </td>
            <td>{formatDateTime(order.createdAt)}</td>
            <td>{order.email}</td>
            <td>{order.courses.join(', ')}</td>
            <td>{formatPaise(order.totalPaise)}</td>
            <td>{order.couponCode ?? '—'}</td>
            <td>{order.status}</td>
          </>
        )}
      </AdminTable>
    </>
  );
}
