import { couponParams, messages } from '@shop/shared';
import { type FormEvent, useState } from 'react';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useCheckCouponMutation } from './api';
import type { AppliedCoupon } from './applied-coupon';

/** The code's rule (couponParams) as one message, or null when the code passes; the code as the rule leaves it. */
function check(code: string): { code: string; error: null } | { code: null; error: string } {
  const result = couponParams.safeParse({ code });
  if (result.success) return { code: result.data.code, error: null };
  return { code: null, error: result.error.issues[0]?.message ?? messages.couponCodeFormat };
}

/**
 * 'Enter coupon code' + 'Apply coupon'. A valid code sets the discount; anything else resets it to 0.
 * The box starts with the code already applied to the cart, if any. One field, so no form library (the
 * cart page's chunk, docs/decisions/0026-fast-on-a-cheap-phone.md): checked on submit, and again on each
 * change once submitted, as the other forms do.
 */
export function CouponBox({
  onChange,
  appliedCode,
}: {
  onChange: (coupon: AppliedCoupon | null) => void;
  appliedCode: string | null;
}) {
  const [checkCoupon] = useCheckCouponMutation();
  const [value, setValue] = useState(appliedCode ?? '');
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

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
      setError(message);
      toast.error(message);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = check(value);
    setError(checked.error);
    if (checked.code === null) return;
    setSubmitting(true);
    try {
      await apply(checked.code);
    } finally {
      setSubmitting(false);
    }
  };

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
          name="code"
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            if (submitted) setError(check(event.currentTarget.value).error);
          }}
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
