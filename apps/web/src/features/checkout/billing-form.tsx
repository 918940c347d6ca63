import { gstStates, messages, OUTSIDE_INDIA } from '@shop/shared';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { schemaResolver } from '../../app/schema-resolver';
import { bindFields, FormField } from '../account/form-field';
import { type Billing, billingSchema } from './billing-schema';
import '../account/account.css';

interface BillingFormProps {
  defaultEmail: string;
  onSubmit: (billing: Billing) => void;
  /** The order summary and the Place order button, inside the form so Enter submits it. */
  children: ReactNode;
}

/**
 * 'Billing Details': first name, last name and email, all required, with the spec's messages; then what
 * the tax invoice needs (state, PIN code, optional business name and GSTIN) and the disclaimer tick.
 */
export function BillingForm({ defaultEmail, onSubmit, children }: BillingFormProps) {
  const form = useForm<Billing>({
    resolver: schemaResolver(billingSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: defaultEmail,
      state: '',
      pin: '',
      businessName: '',
      gstin: '',
      disclaimerAccepted: false,
    },
  });
  const field = bindFields(form);
  const { register, handleSubmit, watch } = form;
  const { errors } = form.formState;
  const abroad = watch('state') === OUTSIDE_INDIA;

  return (
    <form className="checkout-layout" onSubmit={handleSubmit(onSubmit)} noValidate>
      <section className="checkout-billing" aria-labelledby="billing-title">
        <h2 id="billing-title">{messages.billingDetails}</h2>
        <div className="checkout-names">
          <FormField id="billing-first-name" label="First name" autoComplete="given-name" {...field('firstName')} />
          <FormField id="billing-last-name" label="Last name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <FormField id="billing-email" label="Email address" type="email" autoComplete="email" {...field('email')} />
        <div className="checkout-names">
          <FormField id="billing-state" label={messages.billingState} error={errors.state?.message}>
            {(describedBy, invalid) => (
              <select
                id="billing-state"
                autoComplete="address-level1"
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                {...register('state')}
              >
                <option value="">{messages.billingStateChoose}</option>
                {gstStates.map((state) => (
                  <option key={state.code} value={state.code}>
                    {state.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {!abroad && (
            <FormField id="billing-pin" label={messages.billingPin} autoComplete="postal-code" {...field('pin')} />
          )}
        </div>
        <FormField
          id="billing-business"
          label={messages.billingBusiness}
          autoComplete="organization"
          {...field('businessName')}
        />
        <FormField id="billing-gstin" label={messages.billingGstin} autoComplete="off" {...field('gstin')} />
        <div className="checkout-disclaimer">
          <p id="disclaimer-text">{messages.investmentDisclaimer}</p>
          <label>
            <input
              type="checkbox"
              aria-describedby={errors.disclaimerAccepted ? 'disclaimer-text disclaimer-error' : 'disclaimer-text'}
              aria-invalid={errors.disclaimerAccepted ? true : undefined}
              {...register('disclaimerAccepted')}
            />{' '}
            {messages.disclaimerAcknowledge}
          </label>
          {errors.disclaimerAccepted && (
            <p id="disclaimer-error" className="field-error">
              {errors.disclaimerAccepted.message}
            </p>
          )}
        </div>
      </section>
      {children}
    </form>
  );
}
