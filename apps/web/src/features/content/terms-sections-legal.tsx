import { Link } from 'wouter';
import { legalFacts as f, type LegalSection } from './legal-facts';

/** Sections 17 to 31 of the terms: privacy, term, law, disputes, liability and how to reach us. */
export const termsLegalSections: LegalSection[] = [
  {
    id: 'ppyes',
    title: 'Privacy Policy',
    body: (
      <p>
        We care about your privacy. Our <Link to="/privacy-policy">Privacy Policy</Link> explains what personal data we
        collect and how we use it; by using the Services you agree to it. The Services are hosted in India: if you use
        them from another country, your data is transferred to and processed in India.
      </p>
    ),
  },
  {
    id: 'terms',
    title: 'Term and Termination',
    body: (
      <p>
        These terms apply for as long as you use the Services. We may, without notice and at our discretion, suspend or
        terminate your account, refuse anyone access to the Services, and block IP addresses, for any breach of these
        terms or of the law, or for any other reason. If we terminate your account, you may not register a new one under
        your name, a false or borrowed name, or anyone else's name, and we may take legal action where appropriate.
      </p>
    ),
  },
  {
    id: 'modifications',
    title: 'Modifications and Interruptions',
    body: (
      <p>
        We may change, update or remove any part of the Services at any time without notice. We cannot guarantee that
        the Services will always be available: maintenance, hardware or software faults, and events outside our control
        may interrupt them. We are not liable for any loss caused by the Services being changed, interrupted or
        discontinued, and we have no duty to keep supporting any course or software version.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing Law',
    body: (
      <p>
        These terms and your use of the Services are governed by the laws of India. Subject to the dispute resolution
        section below, the courts of India have exclusive jurisdiction over any dispute arising from or related to these
        terms or the Services, and you and {f.siteName} both agree to their jurisdiction.
      </p>
    ),
  },
  {
    id: 'disputes',
    title: 'Dispute Resolution',
    body: (
      <>
        <h3>Informal negotiations</h3>
        <p>
          Before starting any formal proceedings, you and we agree to try to settle any dispute informally for at least{' '}
          {f.disputeDays} days, starting when one of us notifies the other in writing.
        </p>
        <h3>Binding arbitration</h3>
        <p>
          A dispute that is not settled informally will be finally resolved by arbitration at the International
          Commercial Arbitration Court of the European Arbitration Chamber in Brussels, Belgium, under its rules. The
          tribunal will have {f.arbitrators}, the seat of arbitration will be {f.arbitrationSeat}, and the proceedings
          will be in {f.arbitrationLanguage}. The law governing these terms is the law of India.
        </p>
        <h3>Restrictions</h3>
        <p>
          Any arbitration is limited to the dispute between you and us individually. To the fullest extent the law
          allows, no arbitration may be joined with another, and no dispute may be brought as a class action or on
          behalf of the general public or other persons.
        </p>
        <h3>Exceptions</h3>
        <p>
          These rules do not apply to disputes about protecting or enforcing intellectual property rights, allegations
          of theft, piracy or unauthorised use, or claims for urgent injunctive relief, which may be brought before the
          courts named above.
        </p>
      </>
    ),
  },
  {
    id: 'corrections',
    title: 'Corrections',
    body: (
      <p>
        The Services may contain typographical errors, inaccuracies or omissions, including in course descriptions,
        prices and availability. We may correct them, and change or update information, at any time without notice.
      </p>
    ),
  },
  {
    id: 'disclaimer',
    title: 'Disclaimer',
    body: (
      <p>
        The Services are provided "as is" and "as available", and you use them at your own risk. To the fullest extent
        the law allows, we disclaim all warranties, express or implied, including merchantability, fitness for a
        particular purpose and non-infringement. Nothing in our courses or software is a promise of profit or a
        recommendation to trade any instrument; past results shown in examples do not predict future results. We are not
        responsible for errors in content, for interruptions, for harmful code passed on by third parties, or for any
        product or service offered by a third party through the Services.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitations of Liability',
    body: (
      <p>
        To the fullest extent the law allows, neither we nor our directors, staff or agents are liable to you for any
        indirect, consequential, incidental, special or punitive damages, including lost profits, trading losses, lost
        revenue or lost data, arising from your use of the Services, even if we were told such damages were possible.
        Whatever the cause and form of action, our total liability to you is limited to the lesser of the amount you
        paid us in the {f.liabilityMonths} months before the cause of action arose and {f.liabilityCap}. Where the law
        does not allow some of these limits, they apply to you only as far as it does.
      </p>
    ),
  },
  {
    id: 'indemnification',
    title: 'Indemnification',
    body: (
      <p>
        You agree to defend and indemnify {f.siteName}, its directors, staff and agents against any loss, damage,
        liability, claim or demand, including reasonable legal fees, made by a third party because of your
        Contributions, your use of the Services, your breach of these terms, your breach of your representations above,
        your violation of anyone's rights, or any harmful act towards another user. We may take over the defence of any
        such matter at your expense, and you agree to cooperate with us in it.
      </p>
    ),
  },
  {
    id: 'userdata',
    title: 'User Data',
    body: (
      <p>
        We keep data you send to the Services, and data about your use of them, to run the Services. We back it up
        regularly, but you are responsible for data you send or that relates to your activity. We are not liable for any
        loss or corruption of such data, and you waive any claim against us for it.
      </p>
    ),
  },
  {
    id: 'electronic',
    title: 'Electronic Communications, Transactions, and Signatures',
    body: (
      <p>
        Using the Services, sending us e-mails and completing online forms are electronic communications. You agree to
        receive communications from us electronically, and that agreements, notices, disclosures and other
        communications we send you electronically satisfy any legal requirement that they be in writing. You agree to
        the use of electronic signatures, contracts, orders and records, and to electronic delivery of notices and
        records of transactions, as the Information Technology Act, 2000 allows.
      </p>
    ),
  },
  {
    id: 'sms',
    title: 'SMS Text Messaging',
    body: (
      <>
        <p>
          If you give us your mobile number and agree to receive text messages, we may send you messages about your
          account, purchases and courses.
        </p>
        <ul>
          <li>
            <strong>Opting out:</strong> reply STOP to any message to stop receiving them. You may receive one message
            confirming that you have opted out.
          </li>
          <li>
            <strong>Message and data rates:</strong> your mobile operator's standard message and data rates may apply to
            messages we send and you send.
          </li>
          <li>
            <strong>Support:</strong> reply HELP, or write to us at <a href={`mailto:${f.email}`}>{f.email}</a>.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'california',
    title: 'California Users and Residents',
    body: (
      <p>
        If a complaint to us is not resolved to your satisfaction, residents of California may contact the Complaint
        Assistance Unit of the Division of Consumer Services of the California Department of Consumer Affairs in writing
        at 1625 North Market Blvd., Suite N 112, Sacramento, California 95834, or by telephone at (800) 952-5210 or
        (916) 445-1254.
      </p>
    ),
  },
  {
    id: 'misc',
    title: 'Miscellaneous',
    body: (
      <p>
        These terms, together with the policies they refer to, are the whole agreement between you and us about the
        Services. Not enforcing a right is not a waiver of it. We may assign our rights and duties to others at any
        time. If any provision is found unlawful or unenforceable, it is severed and the rest remains in force. These
        terms create no partnership, employment, agency or joint venture between us. They will not be construed against
        us because we drafted them, and you waive any defence based on their electronic form or on the lack of
        signatures.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <>
        <p>To resolve a complaint about the Services, or for more information about them, contact us:</p>
        <address>
          {f.siteName}
          <br />
          {f.address}
          <br />
          Website: <a href={f.website}>{f.website}</a>
          <br />
          E-mail: <a href={`mailto:${f.email}`}>{f.email}</a>
        </address>
      </>
    ),
  },
];
