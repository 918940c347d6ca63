import { zodResolver } from '@hookform/resolvers/zod';
import { couponForm, messages } from '@shop/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { errorMessage } from '../../app/api';
import { toast } from '../../components/ui/toast';
import { useCheckCouponMutation } from './api';
import type { AppliedCoupon } from './applied-coupon';

type CouponForm = z.infer<typeof couponForm>;

/**
 * 'Enter coupon code' + 'Apply coupon'. A valid code sets the discount; anything else resets it to 0.
 * The box starts with the code already applied to the cart, if any.
 */
export function CouponBox({
  onChange,
  appliedCode,
}: {
  onChange: (coupon: AppliedCoupon | null) => void;
  appliedCode: string | null;
}) {
  const [checkCoupon] = useCheckCouponMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CouponForm>({ resolver: zodResolver(couponForm), defaultValues: { code: appliedCode ?? '' } });

  const apply = async ({ code }: CouponForm) => {
    try {
      const answer = await checkCoupon(code).unwrap();
      // The spec's rule: a coupon is valid only when the message says so.
      if (answer.message !== messages.couponValid) throw new Error(messages.couponInvalid);
      const percent = answer.coupon.discountPercentage;
      onChange({ id: answer.coupon.id, code: code.toUpperCase(), percent });
      toast.success(messages.couponApplied.replace('{percent}', String(percent)));
    } catch (error) {
      onChange(null);
      const status = (error as { status?: unknown }).status;
      const message = status === 429 ? errorMessage(error, messages.couponInvalid) : messages.couponInvalid;
      setError('code', { message });
      toast.error(message);
    }
  };

  return (
    <form className="coupon-box" onSubmit={handleSubmit(apply)} noValidate>
      <label htmlFor="coupon-code" className="visually-hidden">
        Coupon code
      </label>
      <div className="coupon-row">
        <input
          id="coupon-code"
          type="text"
          placeholder={messages.couponPlaceholder}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={errors.code ? true : undefined}
          aria-describedby={errors.code ? 'coupon-code-error' : undefined}
          {...register('code')}
        />
        <button type="submit" className="btn btn-small" disabled={isSubmitting}>
          {messages.couponApply}
        </button>
      </div>
      {errors.code && (
        <p id="coupon-code-error" className="coupon-error">
          {errors.code.message}
        </p>
      )}
    </form>
  );
}
