import { couponParams, messages } from '@shop/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { schemaResolver } from '../../lib/schema-resolver';
import { useCheckCouponMutation } from './api';
import type { AppliedCoupon } from './applied-coupon';

type CouponValues = z.input<typeof couponParams>;
/** The code's rule (couponParams): its message, or the code as the rule leaves it. */
const couponResolver = schemaResolver(couponParams);

/**
 * 'Enter coupon code' + 'Apply coupon'. A valid code sets the discount; anything else resets it to 0.
 * The box starts with the code already applied to the cart, if any. Checked on submit, and again on each
 * change once submitted, as the other forms do; the server's refusal shows under the field too.
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
  } = useForm<CouponValues, unknown, z.output<typeof couponParams>>({
    resolver: couponResolver,
    defaultValues: { code: appliedCode ?? '' },
  });
  const error = errors.code?.message;

  const apply = async (code: string) => {
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

  const submit = handleSubmit(({ code }) => apply(code));

  return (
    <form className="coupon-box" onSubmit={submit} noValidate>
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
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'coupon-code-error' : undefined}
          {...register('code')}
        />
        <button type="submit" className="btn btn-small" disabled={isSubmitting}>
          {messages.couponApply}
        </button>
      </div>
      {error && (
        <p id="coupon-code-error" className="coupon-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
