import { type AdminCoupon, type AdminCouponInput, messages } from '@shop/shared';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { toast } from '../../components/ui/toast';
import { useDeactivateCouponMutation, useListCouponsQuery } from './api';
import { CouponForm } from './coupon-form';
import { TableHead, TableWrap } from './table-wrap';

export const emptyCoupon: AdminCouponInput = {
  code: '',
  percent: 10,
  startsOn: '',
  expiresOn: '',
  maxUses: null,
  maxUsesPerUser: null,
  active: true,
};

function toInput(coupon: AdminCoupon): AdminCouponInput {
  const { id: _id, uses: _uses, createdAt: _created, ...input } = coupon;
  return input;
}

export function CouponsPage() {
  const { data } = useListCouponsQuery();
  const [editing, setEditing] = useState<AdminCoupon | null>(null);
  const [deactivate] = useDeactivateCouponMutation();
  const stop = async (coupon: AdminCoupon) => {
    try {
      await deactivate(coupon.id).unwrap();
      toast.success(`${coupon.code} no longer works at checkout.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The coupon could not be changed. Please try again.'));
    }
  };
  return (
    <>
      <h1>Coupons</h1>
      <CouponForm
        key={editing?.id ?? 'new'}
        id={editing?.id ?? null}
        initial={editing ? toInput(editing) : emptyCoupon}
        onDone={() => setEditing(null)}
      />
      <h2>All coupons</h2>
      {!data ? (
        <p className="state-message">{messages.loading}</p>
      ) : (
        <TableWrap label="All coupons">
          <table className="admin-table">
            <TableHead columns={['Code', 'Discount', 'Valid', 'Uses so far', 'Limit', 'State', 'Actions']} />
            <tbody>
              {data.map((coupon) => (
                <tr key={coupon.id}>
                  <td>{coupon.code}</td>
                  <td>{coupon.percent}%</td>
                  <td>
                    {coupon.startsOn || 'any time'} – {coupon.expiresOn || 'no end'}
                  </td>
                  <td>{coupon.uses}</td>
                  <td>
                    {coupon.maxUses ?? 'no limit'}
                    {coupon.maxUsesPerUser ? ` (${coupon.maxUsesPerUser} per learner)` : ''}
                  </td>
                  <td>{coupon.active ? 'Active' : 'Inactive'}</td>
                  <td className="admin-actions">
                    <button
                      type="button"
                      className="btn btn-small btn-outline"
                      onClick={() => setEditing(coupon)}
                      aria-label={`Edit ${coupon.code}`}
                    >
                      Edit
                    </button>
                    {coupon.active && (
                      <button
                        type="button"
                        className="btn btn-small btn-outline"
                        onClick={() => stop(coupon)}
                        aria-label={`Deactivate ${coupon.code}`}
                      >
                        Deactivate
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </>
  );
}
