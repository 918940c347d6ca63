import { pageMeta } from '@shop/shared';
import { Link } from 'wouter';
import { legalFacts as f } from './legal-facts';
import { LegalPage } from './legal-page';

export default function RefundPolicyPage() {
  return (
    <LegalPage meta={pageMeta.refundPolicy} dated="Last updated December 2024">
      <h2>All Sales Are Final</h2>
      <p>
        Our courses are digital: once a payment is processed or access is granted, the full course can be watched and
        downloaded at once. For that reason all purchases of courses, course materials and subscriptions, and any
        tickets to live sessions or events, are final and non-refundable, and we cannot offer refunds for a change of
        mind, for not finding time to study, or for trading results.
      </p>

      <h2>When We Will Look Into a Refund</h2>
      <p>We make two exceptions, and our support team will review each request:</p>
      <ol>
        <li>
          <strong>A technical fault that blocks access.</strong> If a problem on our side stops you reaching a course
          you paid for, tell us. We will first try to fix it; if we cannot restore your access within a reasonable time,
          we will refund the price of the affected course.
        </li>
        <li>
          <strong>Payment errors.</strong> If you were charged twice for the same order, charged the wrong amount, or
          charged for an order that was never completed, we will refund the amount taken in error once we have confirmed
          it with our payment provider.
        </li>
      </ol>

      <h2>How to Ask</h2>
      <p>
        Write to <a href={`mailto:${f.email}`}>{f.email}</a> or use our <Link to="/contact">contact form</Link> within 7
        days of the payment, with the e-mail address of your account, the course, the date and amount of the payment,
        and the payment or order reference from your receipt. For an access problem, please describe what you see (a
        screenshot helps).
      </p>
      <p>
        Approved refunds go back to the original payment method (card, UPI, net banking or wallet). Banks usually credit
        them within 5 to 7 working days of our approval. A refunded course is removed from your account.
      </p>

      <h2>Prices</h2>
      <p>
        Prices may change at any time. A later price drop or a later offer does not entitle you to a refund of the
        difference. If a course was sold at a clearly wrong price, we may correct it even after payment; we will then
        offer you the choice of paying the difference or receiving a full refund.
      </p>

      <h2>Contact</h2>
      <p>
        {f.siteName}, {f.address}. E-mail: <a href={`mailto:${f.email}`}>{f.email}</a>.
      </p>
    </LegalPage>
  );
}
