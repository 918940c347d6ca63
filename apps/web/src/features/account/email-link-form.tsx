import { emailLinkRequest, messages } from '@shop/shared';
import { useSendSignInLinkMutation } from './api';
import { MailLinkForm } from './mail-link-form';

/** The login page's 'Email Signin' mode: mails a sign-in link, then says to check spam or try again. */
export function EmailLinkForm({ onPasswordMode }: { onPasswordMode: () => void }) {
  const [sendLink, { isLoading }] = useSendSignInLinkMutation();
  return (
    <MailLinkForm
      label="Get a sign-in link by email"
      intro="We will email you a link that signs you in, no password needed."
      fieldId="link-email"
      schema={emailLinkRequest}
      send={async (values) => {
        await sendLink(values).unwrap();
        return messages.linkSent;
      }}
      busy={isLoading}
      submitText={(sent) => (isLoading ? 'Sending...' : sent ? 'Send Again' : 'Send Link')}
      onPasswordMode={onPasswordMode}
    />
  );
}
