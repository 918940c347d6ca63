import type { AdminCoupon, AdminCouponInput } from '@shop/shared';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useDeactivateCouponMutation, useListCouponsQuery } from './api';
import { CouponForm } from './coupon-form';
import { AdminTable, RowButton } from './table-wrap';
import { useEditedRow } from './use-edited-row';

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
  const edited = useEditedRow(toInput, emptyCoupon);
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
      <CouponForm key={edited.key} id={edited.id} initial={edited.initial} onDone={edited.done} />
      <AdminTable
        heading
        label="All coupons"
        columns={['Code', 'Discount', 'Valid', 'Uses so far', 'Limit', 'State', 'Actions']}
        rows={data}
      >
        {(coupon) => (
          <>
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
              <RowButton label={`Edit ${coupon.code}`} onClick={() => edited.edit(coupon)}>
                Edit
              </RowButton>
              {coupon.active && (
                <RowButton label={`Deactivate ${coupon.code}`} onClick={() => stop(coupon)}>
                  Deactivate
                </RowButton>
              )}
            </td>
          </>
        )}
      </AdminTable>
    </>
  );
}
