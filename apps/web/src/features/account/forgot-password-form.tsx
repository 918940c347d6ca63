import { forgotPasswordRequest, messages } from '@shop/shared';
import { useForgotPasswordMutation } from './api';
import { MailLinkForm } from './mail-link-form';

/** The login page's 'Forgot password?' mode: mails a link to choose a new password. */
export function ForgotPasswordForm({ onPasswordMode }: { onPasswordMode: () => void }) {
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  return (
    <MailLinkForm
      label={messages.forgotPassword}
      intro={messages.forgotPasswordIntro}
      fieldId="forgot-email"
      schema={forgotPasswordRequest}
      send={async (values) => (await forgotPassword(values).unwrap()).message}
      busy={isLoading}
      submitText={() => messages.sendResetLink}
      onPasswordMode={onPasswordMode}
    />
  );
}
