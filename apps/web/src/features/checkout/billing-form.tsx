import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@shop/shared';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../account/form-field';
import { type Billing, billingSchema } from './billing-schema';
import '../account/account.css';

interface BillingFormProps {
  defaultEmail: string;
  onSubmit: (billing: Billing) => void;
  /** The order summary and the Place order button, inside the form so Enter submits it. */
  children: ReactNode;
}

/** 'Billing Details': first name, last name and email, all required, with the spec's messages. */
export function BillingForm({ defaultEmail, onSubmit, children }: BillingFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Billing>({
    resolver: zodResolver(billingSchema),
    defaultValues: { firstName: '', lastName: '', email: defaultEmail },
  });

  return (
    <form className="checkout-layout" onSubmit={handleSubmit(onSubmit)} noValidate>
      <section className="checkout-billing" aria-labelledby="billing-title">
        <h2 id="billing-title">{messages.billingDetails}</h2>
        <div className="checkout-names">
          <FormField
            id="billing-first-name"
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            registration={register('firstName')}
          />
          <FormField
            id="billing-last-name"
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            registration={register('lastName')}
          />
        </div>
        <FormField
          id="billing-email"
          label="Email address"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          registration={register('email')}
        />
      </section>
      {children}
    </form>
  );
}
