import { pageMeta } from '@shop/shared';
import { Link } from 'wouter';
import { legalFacts as f } from './legal-facts';
import { LegalPage } from './legal-page';

export default function PrivacyPolicyPage() {
  return (
    <LegalPage meta={pageMeta.privacyPolicy} dated="Dated 09-12-2024">
      <p>
        This policy explains what personal data {f.siteName} ("we") collects when you use our website and courses, why,
        who we share it with, and the choices you have. We process personal data under Indian law, including the
        Information Technology Act, 2000 and its rules, and the Digital Personal Data Protection Act, 2023 as it comes
        into force.
      </p>

      <h2>What We Collect</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your username, e-mail address and password (stored only as a secure one-way
          hash). If you sign in with Google, we receive your name, e-mail address and Google account identifier.
        </li>
        <li>
          <strong>Orders:</strong> the courses you buy, the amounts, coupons used, and the name and e-mail you give at
          checkout. Card, UPI and bank details are entered on our payment provider Razorpay's pages and are not stored
          by us; we receive only a payment reference and its status.
        </li>
        <li>
          <strong>Messages:</strong> what you send through the contact form (name, e-mail, message) with the IP address
          it came from, and e-mails you send us.
        </li>
        <li>
          <strong>Newsletter:</strong> your e-mail address, if you subscribe.
        </li>
        <li>
          <strong>Technical data:</strong> IP address, browser type and the pages requested, in our server logs.
        </li>
      </ul>

      <h2>Cookies and Browser Storage</h2>
      <p>
        We set one essential cookie, <code>token</code>, which keeps you signed in; it cannot be read by scripts on the
        page. Your browser's local storage keeps your cart, your wishlist and whether you have already seen our
        statistics counter. We use no advertising or tracking cookies. Embedded course previews are loaded from
        YouTube's privacy-enhanced domain only when you press play.
      </p>

      <h2>Why We Use It</h2>
      <ul>
        <li>to create and secure your account and sign you in;</li>
        <li>to take payment, give you access to the courses you bought, and keep the records tax law requires;</li>
        <li>to answer your messages and give support;</li>
        <li>to send the newsletter you asked for (every issue lets you unsubscribe);</li>
        <li>to keep the website working, prevent fraud and abuse, and meet our legal obligations.</li>
      </ul>
      <p>We do not sell your personal data, and we do not use it for automated decisions about you.</p>

      <h2>Who We Share It With</h2>
      <p>
        Only with those who help us run the Services, and only what they need: Razorpay for payments, our e-mail
        provider to deliver our messages, our hosting provider in India, and Google when you choose to sign in with it.
        We also disclose data when the law, a court or a government authority requires it.
      </p>

      <h2>How Long We Keep It</h2>
      <p>
        Account data is kept while your account is open. Order and payment records are kept for 8 years, as Indian tax
        law requires. Contact messages are kept for up to 2 years, newsletter addresses until you unsubscribe, and
        server logs for up to 90 days.
      </p>

      <h2>Security</h2>
      <p>
        We protect your data with encryption in transit (HTTPS), hashed passwords and session tokens, access limited to
        the staff who need it, and regular backups. No system is perfectly secure, but we will tell you and the
        authorities about a breach that affects you, as the law requires.
      </p>

      <h2>Your Rights</h2>
      <p>
        You may ask us for a summary of the personal data we hold about you, ask us to correct, complete or delete it,
        withdraw a consent you gave, and nominate someone to exercise these rights if you cannot. Write to{' '}
        <a href={`mailto:${f.email}`}>{f.email}</a>; we answer within 30 days. If you are not satisfied, you may
        complain to the Data Protection Board of India once it is established.
      </p>

      <h2>Children</h2>
      <p>
        Our Services are meant for adults. People under 18 may use them only with the consent and under the supervision
        of a parent or guardian. If we learn that we hold a child's data without such consent, we will delete it.
      </p>

      <h2>Grievance Officer and Contact</h2>
      <p>
        For any question or grievance about your personal data, contact our Grievance Officer at{' '}
        <a href={`mailto:${f.email}`}>{f.email}</a> or {f.siteName}, {f.address}. We acknowledge grievances within 24
        hours and resolve them within 15 days. You can also reach us through our <Link to="/contact">contact page</Link>
        .
      </p>

      <h2>Changes to This Policy</h2>
      <p>
        We may update this policy. The date at the top shows the latest version; if a change materially affects how we
        use your data, we will tell you by e-mail or on the website before it applies.
      </p>
    </LegalPage>
  );
}
