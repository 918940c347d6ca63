import { gstStates, messages, OUTSIDE_INDIA } from '@shop/shared';
import type { ReactNode } from 'react';
import { useCheckedForm } from '../../app/use-checked-form';
import { FormField, type InputBinding } from '../../components/ui/form-field';
import type { Billing, BillingValues } from './billing-schema';
import '../account/account.css';

interface BillingFormProps {
  defaultEmail: string;
  onSubmit: (billing: Billing) => void;
  /** The order summary and the Place order button, inside the form so Enter submits it. */
  children: ReactNode;
}

type Field = keyof BillingValues;

/** The fields in the order they are shown: a failed submit focuses the first one with a message. */
const FIELDS: readonly Field[] = [
  'firstName',
  'lastName',
  'email',
  'state',
  'pin',
  'country',
  'businessName',
  'gstin',
  'disclaimerAccepted',
];

/** The rules with zod's core (about 10 KB gzip), a chunk of their own. */
const loadCheck = () => import('./check-billing').then((module) => module.checkBilling);

/**
 * 'Billing Details': first name, last name and email, all required, with the spec's messages; then what
 * the tax invoice needs (state, PIN code, optional business name and GSTIN) and the disclaimer tick.
 * Without react-hook-form, and with its rules loaded after the page has painted (app/use-checked-form.ts):
 * the checkout is the page a buyer pays from, often on a cheap phone.
 */
export function BillingForm({ defaultEmail, onSubmit, children }: BillingFormProps) {
  const { values, errors, change, submit, form } = useCheckedForm<BillingValues, Billing>(
    {
      firstName: '',
      lastName: '',
      email: defaultEmail,
      state: '',
      pin: '',
      businessName: '',
      gstin: '',
      country: '',
      disclaimerAccepted: false,
    },
    loadCheck,
    FIELDS,
  );
  const text = (
    name: Exclude<Field, 'disclaimerAccepted'>,
  ): { registration: InputBinding; error: string | undefined } => ({
    registration: { name, value: values[name], onChange: (event) => change(name, event.currentTarget.value) },
    error: errors[name],
  });

  const abroad = values.state === OUTSIDE_INDIA;
  return (
    <form ref={form} className="checkout-layout" onSubmit={submit(onSubmit)} noValidate>
      <section className="checkout-billing" aria-labelledby="billing-title">
        <h2 id="billing-title">{messages.billingDetails}</h2>
        <div className="checkout-names">
          <FormField id="billing-first-name" label="First name" autoComplete="given-name" {...text('firstName')} />
          <FormField id="billing-last-name" label="Last name" autoComplete="family-name" {...text('lastName')} />
        </div>
        <FormField id="billing-email" label="Email address" type="email" autoComplete="email" {...text('email')} />
        <div className="checkout-names">
          <FormField id="billing-state" label={messages.billingState} error={errors.state}>
            {(describedBy, invalid) => (
              <select
                id="billing-state"
                name="state"
                autoComplete="address-level1"
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                value={values.state}
                onChange={(event) => change('state', event.currentTarget.value)}
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
          {abroad ? (
            <FormField
              id="billing-country"
              label={messages.billingCountry}
              autoComplete="country"
              {...text('country')}
            />
          ) : (
            <FormField id="billing-pin" label={messages.billingPin} autoComplete="postal-code" {...text('pin')} />
          )}
        </div>
        <FormField
          id="billing-business"
          label={messages.billingBusiness}
          autoComplete="organization"
          {...text('businessName')}
        />
        <FormField id="billing-gstin" label={messages.billingGstin} autoComplete="off" {...text('gstin')} />
        <div className="checkout-disclaimer">
          <p id="disclaimer-text">{messages.investmentDisclaimer}</p>
          <label>
            <input
              type="checkbox"
              name="disclaimerAccepted"
              aria-describedby={errors.disclaimerAccepted ? 'disclaimer-text disclaimer-error' : 'disclaimer-text'}
              aria-invalid={errors.disclaimerAccepted ? true : undefined}
              checked={values.disclaimerAccepted}
              onChange={(event) => change('disclaimerAccepted', event.currentTarget.checked)}
            />{' '}
            {messages.disclaimerAcknowledge}
          </label>
          {errors.disclaimerAccepted && (
            <p id="disclaimer-error" className="field-error">
              {errors.disclaimerAccepted}
            </p>
          )}
        </div>
      </section>
      {children}
    </form>
  );
}
