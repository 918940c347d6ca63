import { gstStates, messages, OUTSIDE_INDIA } from '@shop/shared';
import { type ReactNode, useEffect } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { FormField } from '../../components/ui/form-field';
import { usePainted } from '../../components/ui/use-painted';
import type { Billing, BillingValues } from './billing-schema';
import '../account/account.css';

interface BillingFormProps {
  defaultEmail: string;
  onSubmit: (billing: Billing) => void;
  /** The order summary and the Place order button, inside the form so Enter submits it. */
  children: ReactNode;
}

type Field = keyof BillingValues;

/** The fields in the order they are shown: a failed submit focuses the first one with a message (the PIN
 * code and the country take turns, so react-hook-form's order of registration is not the page's). */
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
const loadRules = () => import('./check-billing').then((module) => module.billingResolver);
const billingResolver: Resolver<BillingValues, unknown, Billing> = async (values, context, options) =>
  (await loadRules())(values, context, options);

/**
 * 'Billing Details': first name, last name and email, all required, with the spec's messages; then what
 * the tax invoice needs (state, PIN code, optional business name and GSTIN) and the disclaimer tick.
 * Its rules are loaded once the page has painted, so they are there before anyone can have filled the
 * form in, and at the latest when it is sent: the checkout is the page a buyer pays from, often on a
 * cheap phone. Messages appear when the form is sent and, after that, change with each edit.
 */
export function BillingForm({ defaultEmail, onSubmit, children }: BillingFormProps) {
  const {
    register,
    handleSubmit,
    setFocus,
    trigger,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<BillingValues, unknown, Billing>({
    defaultValues: {
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
    resolver: billingResolver,
    shouldFocusError: false,
  });
  const painted = usePainted();
  useEffect(() => {
    // Loaded again when the form is sent, where a failure is the sender's to see.
    if (painted) loadRules().catch(() => undefined);
  }, [painted]);
  useEffect(() => {
    if (!isSubmitted) return;
    // Once sent, any change checks the whole form again: the state decides what the PIN code, country and
    // GSTIN need, so one field's change can add or clear another's message.
    const { unsubscribe } = watch(() => void trigger());
    return unsubscribe;
  }, [isSubmitted, watch, trigger]);
  const focusFirst = (failed: FieldErrors<BillingValues>) => {
    const first = FIELDS.find((name) => failed[name]);
    if (first) setFocus(first);
  };
  const text = (name: Exclude<Field, 'disclaimerAccepted'>) => ({
    registration: register(name),
    error: errors[name]?.message,
  });

  const abroad = watch('state') === OUTSIDE_INDIA;
  return (
    <form className="checkout-layout" onSubmit={handleSubmit(onSubmit, focusFirst)} noValidate>
      <section className="checkout-billing" aria-labelledby="billing-title">
        <h2 id="billing-title">{messages.billingDetails}</h2>
        <div className="checkout-names">
          <FormField id="billing-first-name" label="First name" autoComplete="given-name" {...text('firstName')} />
          <FormField id="billing-last-name" label="Last name" autoComplete="family-name" {...text('lastName')} />
        </div>
        <FormField id="billing-email" label="Email address" type="email" autoComplete="email" {...text('email')} />
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
