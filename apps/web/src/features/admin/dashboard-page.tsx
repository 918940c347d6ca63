import { formatPaise, messages } from '@shop/shared';
import { useGetDashboardQuery } from './api';
import { HomeFiguresSwitch } from './home-figures-switch';
import { RevenueChart } from './revenue-chart';
import { AdminTable } from './table-wrap';

export function DashboardPage() {
  const { data, isError } = useGetDashboardQuery();
  if (isError) return <p className="state-message">The dashboard could not be loaded. Please reload the page.</p>;
  if (!data) return <p className="state-message">{messages.loading}</p>;
  const month = data.revenueByDay.reduce((sum, d) => sum + d.paise, 0);
  return (
    <>
      <h1>Dashboard</h1>
      <ul className="admin-stats">
        <li>
          <span className="admin-stat-value">{data.ordersToday}</span> paid orders today
        </li>
        <li>
          <span className="admin-stat-value">{formatPaise(data.revenueTodayPaise)}</span> taken today
        </li>
        <li>
          <span className="admin-stat-value">{formatPaise(month)}</span> taken in the last 30 days
        </li>
        <li>
          <span className="admin-stat-value">{formatPaise(data.netOfTaxLast30DaysPaise)}</span> taken in the last 30
          days net of refunds and of tax (the invoices' taxable value)
        </li>
        <li>
          <span className="admin-stat-value">{formatPaise(data.refundedLast30DaysPaise)}</span> refunded in the last 30
          days ({data.refundsLast30Days} {data.refundsLast30Days === 1 ? 'order' : 'orders'}), not counted as taken
        </li>
      </ul>
      <section aria-labelledby="revenue-title">
        <h2 id="revenue-title">Revenue per day</h2>
        <RevenueChart days={data.revenueByDay} />
      </section>
      <div className="admin-columns">
        <section aria-labelledby="best-title">
          <h2 id="best-title">Best-selling courses</h2>
          <AdminTable
            label="Best-selling courses table"
            columns={['Course', 'Sold', 'Takings']}
            rows={data.bestSellers}
            rowKey={(row) => row.courseId}
            empty={<p>No paid orders yet.</p>}
          >
            {(row) => (
              <>
                <td>{row.title}</td>
                <td>{row.sold}</td>
                <td>{formatPaise(row.paise)}</td>
              </>
            )}
          </AdminTable>
        </section>
        <section aria-labelledby="coupon-use-title">
          <h2 id="coupon-use-title">Coupon use</h2>
          <AdminTable
            label="Coupon use table"
            columns={['Code', 'Uses', 'State']}
            rows={data.couponUse}
            rowKey={(row) => row.code}
            empty={<p>No coupons yet.</p>}
          >
            {(row) => (
              <>
                <td>{row.code}</td>
                <td>{row.uses}</td>
                <td>{row.active ? 'Active' : 'Inactive'}</td>
              </>
            )}
          </AdminTable>
        </section>
      </div>
      <HomeFiguresSwitch />
    </>
  );
}
