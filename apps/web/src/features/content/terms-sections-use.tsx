import { Link } from 'wouter';
import { legalFacts as f, type LegalSection } from './legal-facts';

/** Sections 1 to 16 of the terms: the services, accounts, buying, and how the site may be used. */
export const termsUseSections: LegalSection[] = [
  {
    id: 'services',
    title: 'Our Services',
    body: (
      <>
        <p>
          {f.siteName} sells video courses on stock-market trading (price action, futures and options) and related
          trading software, and gives buyers online access to what they bought (together, the "Services"). The Services
          are run from and hosted in India and are meant for people who may lawfully use them where they live. If you
          use them from elsewhere, you do so on your own initiative and you are responsible for following your local
          laws.
        </p>
        <p>
          Our courses are education about trading methods. They are not investment advice, research or recommendations
          to buy or sell any security, and we are not registered with SEBI as an investment adviser or research analyst.
          Trading in shares, futures and options carries a high risk of loss.
        </p>
      </>
    ),
  },
  {
    id: 'ip',
    title: 'Intellectual Property Rights',
    body: (
      <>
        <p>
          We own or license all content of the Services: videos, course files, text, charts, software, designs, logos
          and trade marks. When you buy a course you receive a personal, non-transferable, non-exclusive licence to
          watch it and to download its files for your own learning.
        </p>
        <p>
          You may not copy, record, re-upload, share your login, sell, rent, publish or otherwise make our content
          available to anyone else, or use it to teach or build a competing product, without our written permission.
          Breaching this ends your licence at once and may lead to legal action.
        </p>
      </>
    ),
  },
  {
    id: 'userreps',
    title: 'User Representations',
    body: (
      <>
        <p>By using the Services you confirm that:</p>
        <ul>
          <li>
            all registration and purchase information you give is true, current and complete, and you will keep it so;
          </li>
          <li>
            you have the legal capacity to accept these terms; if you are a minor (generally under 18 in India), you
            have your parent's or guardian's permission and they supervise your use of the Services;
          </li>
          <li>you will not reach the Services through bots, scripts or other automated means;</li>
          <li>you will not use the Services for any unlawful or unauthorised purpose.</li>
        </ul>
        <p>If any of this is untrue, we may suspend or close your account and refuse any current or future use.</p>
      </>
    ),
  },
  {
    id: 'userreg',
    title: 'User Registration',
    body: (
      <p>
        You may have to register to buy or watch courses. Keep your password and sign-in links confidential: you are
        responsible for everything done through your account. We may remove, reclaim or change a username we consider
        inappropriate, obscene or otherwise objectionable.
      </p>
    ),
  },
  {
    id: 'products',
    title: 'Products',
    body: (
      <p>
        We describe each course, its curriculum and its price as accurately as we can, but we do not promise that
        descriptions, images or other content are error-free or that any course will produce trading profits. Courses
        and software may be changed, updated or withdrawn at any time. Prices may change at any time without notice.
      </p>
    ),
  },
  {
    id: 'purchases',
    title: 'Purchases and Payment',
    body: (
      <>
        <p>We accept the following forms of payment, through our payment provider Razorpay:</p>
        <ul>
          <li>credit and debit cards of the major networks (Visa, Mastercard, RuPay, American Express);</li>
          <li>UPI and net banking;</li>
          <li>supported digital wallets.</li>
        </ul>
        <p>
          Prices are in Indian rupees (INR). Goods and services tax and any other tax we are required to collect is
          added where applicable. You agree to give current, complete and accurate purchase details and to keep your
          payment details up to date. We may correct any pricing error even after payment has been requested or
          received.
        </p>
        <p>
          We may refuse or cancel any order, and may limit the quantity bought per person, per household or per order.
          We may limit or prohibit orders that appear to be placed by dealers, resellers or distributors, and purchases
          through a buying agent are not allowed.
        </p>
      </>
    ),
  },
  {
    id: 'returnno',
    title: 'Refunds Policy',
    body: (
      <p>
        All sales are final and no refund will be issued, except in the cases our{' '}
        <Link to="/refund-policy">Refund Policy</Link> describes: a technical fault on our side that stops you reaching
        a course you bought, and payment errors such as a duplicate or wrong charge.
      </p>
    ),
  },
  {
    id: 'software',
    title: 'Software',
    body: (
      <p>
        We may offer software, such as our futures and options trading software for Windows. Software that comes with
        its own licence agreement is governed by that agreement; otherwise you receive a revocable, non-exclusive,
        non-transferable licence to use it for your own trading, in line with these terms. Software is provided "as is":
        we do not guarantee uninterrupted data feeds, alerts or order placement, and you remain responsible for every
        order placed with your broker. You may not reverse-engineer, copy or resell it.
      </p>
    ),
  },
  {
    id: 'prohibited',
    title: 'Prohibited Activities',
    body: (
      <>
        <p>
          You may not use the Services for anything other than the purpose we offer them for. In particular, you must
          not:
        </p>
        <ul>
          <li>copy or collect content or data from the Services to build a collection or database;</li>
          <li>share course videos, files or your account with others, or record and redistribute lessons;</li>
          <li>trick, defraud or mislead us or other users, or try to learn their account details;</li>
          <li>get around, disable or interfere with security features, download limits or access controls;</li>
          <li>upload viruses or other harmful code, or use bots, scrapers or automated scripts;</li>
          <li>overload, disrupt or attack the Services or the networks connected to them;</li>
          <li>harass, abuse or threaten our staff or other users;</li>
          <li>impersonate anyone, or use another user's account;</li>
          <li>use the Services to compete with us or for any commercial purpose we have not approved;</li>
          <li>break any applicable law, including Indian securities law.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'ugc',
    title: 'User Generated Contributions',
    body: (
      <p>
        The Services do not let you post your own content, apart from reviews where we offer them and messages you send
        us. Anything you send us (reviews, comments, suggestions, "Contributions") must be lawful, your own, and
        truthful, must not infringe anyone's rights, and must not be abusive, obscene, misleading or promotional.
      </p>
    ),
  },
  {
    id: 'license',
    title: 'Contribution Licence',
    body: (
      <p>
        You keep ownership of your Contributions. By sending one, you allow us to use, copy, display and publish it (for
        example, to show a review on a course page), free of charge and worldwide, and you agree that we may use
        suggestions and feedback without paying you. We may edit or remove any Contribution at any time, and we are not
        responsible for what others say in theirs.
      </p>
    ),
  },
  {
    id: 'reviews',
    title: 'Guidelines for Reviews',
    body: (
      <>
        <p>Where we let you review a course, your review must follow these rules:</p>
        <ol>
          <li>you have first-hand experience of the course you review;</li>
          <li>it contains no offensive profanity or abusive, racist or hateful language;</li>
          <li>
            it makes no discriminatory references based on religion, caste, race, gender, origin, age, marital status,
            sexual orientation or disability;
          </li>
          <li>it contains no references to illegal activity;</li>
          <li>you are not affiliated with a competitor when you post a negative review;</li>
          <li>it draws no conclusions about the legality of anyone's conduct;</li>
          <li>it contains no false or misleading statements;</li>
          <li>it is not part of an organised campaign encouraging others to post reviews, positive or negative.</li>
        </ol>
        <p>
          We may accept, reject or remove reviews at our discretion, and we need not remove one that someone finds
          objectionable or inaccurate. Reviews are their authors' opinions, not ours.
        </p>
      </>
    ),
  },
  {
    id: 'socialmedia',
    title: 'Social Media',
    body: (
      <p>
        If you sign in with a third-party account such as Google, you allow us to receive the basic profile details that
        provider shares (your name, e-mail address and account identifier) to create and sign in to your account. Your
        relationship with that provider is governed by your agreement with them; we are not responsible for their
        services. You can disconnect us from your account in that provider's settings.
      </p>
    ),
  },
  {
    id: 'thirdparty',
    title: 'Third-Party Websites and Content',
    body: (
      <p>
        The Services may link to or embed other websites and content, such as video players, payment pages and social
        networks. We do not control or check them and are not responsible for their content, accuracy, privacy practices
        or availability. Leaving our Services for them is at your own risk, under their terms.
      </p>
    ),
  },
  {
    id: 'advertisers',
    title: 'Advertisers',
    body: (
      <p>
        We may let advertisers show their advertisements and information in some areas of the Services. Advertisers are
        solely responsible for their advertisements and for any offers or products in them; we only provide the space
        and have no other relationship with them.
      </p>
    ),
  },
  {
    id: 'sitemanage',
    title: 'Services Management',
    body: (
      <p>
        We may, but need not, monitor the Services for breaches of these terms; take legal action against anyone who
        breaches them, including reporting them to the authorities; refuse, restrict, remove or disable any
        Contribution; remove or disable files and content that are excessive in size or burden our systems; and
        otherwise manage the Services to protect our rights and keep them working properly.
      </p>
    ),
  },
];
