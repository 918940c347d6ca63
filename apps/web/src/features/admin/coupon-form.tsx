import { type AdminCouponInput, adminCouponInput } from '@shop/shared';
import type { InputHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../components/ui/toast';
import { schemaResolver } from '../../lib/schema-resolver';
import { AdminInput } from './admin-field';
import { useSaveCouponMutation } from './api';
import { showSaveError } from './field-messages';
import { FormActions } from './form-actions';

interface Props {
  id: string | null;
  initial: AdminCouponInput;
  onDone: () => void;
}

/** An empty box means "no limit"; RHF also passes the untouched default (null) through here. */
const emptyToNull = (value: unknown) =>
  value === '' || value === null || value === undefined || Number.isNaN(Number(value)) ? null : Number(value);

export function CouponForm({ id, initial, onDone }: Props) {
  const [save, { isLoading }] = useSaveCouponMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<AdminCouponInput>({ defaultValues: initial, resolver: schemaResolver(adminCouponInput) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save({ id, input: values }).unwrap();
      toast.success(`Coupon ${values.code} is saved.`);
      reset(initial);
      onDone();
    } catch (error) {
      showSaveError(error, setError, 'The coupon could not be saved. Please try again.');
    }
  });

  const field = (
    name: 'code' | 'percent' | 'startsOn' | 'expiresOn' | 'maxUses' | 'maxUsesPerUser',
    label: string,
    input: InputHTMLAttributes<HTMLInputElement>,
    kind: 'text' | 'number' | 'optional-number' = 'text',
  ) => (
    <AdminInput
      id={`coupon-${name}`}
      label={label}
      error={errors[name]?.message}
      {...input}
      registration={register(
        name,
        kind === 'number' ? { valueAsNumber: true } : kind === 'optional-number' ? { setValueAs: emptyToNull } : {},
      )}
    />
  );

  return (
    <form className="admin-form admin-panel" onSubmit={onSubmit} noValidate aria-labelledby="coupon-form-title">
      <h2 id="coupon-form-title">{id ? `Edit coupon ${initial.code}` : 'New coupon'}</h2>
      <div className="admin-grid">
        {field('code', 'Code', { autoComplete: 'off' })}
        {field('percent', 'Discount (%)', { type: 'number', min: 1, max: 100 }, 'number')}
        {field('startsOn', 'Starts on (optional)', { type: 'date' })}
        {field('expiresOn', 'Last day (optional)', { type: 'date' })}
        {field('maxUses', 'Total uses allowed (optional)', { type: 'number', min: 1 }, 'optional-number')}
        {field('maxUsesPerUser', 'Uses per learner (optional)', { type: 'number', min: 1 }, 'optional-number')}
      </div>
      <div className="admin-check">
        <input id="coupon-active" type="checkbox" {...register('active')} />
        <label htmlFor="coupon-active">Active: accepted at checkout</label>
      </div>
      <FormActions noun="coupon" editing={Boolean(id)} busy={isLoading} onCancel={onDone} />
    </form>
  );
}
