import type { ReactNode } from 'react';
import { PageBanner } from '../../components/ui/page-banner';
import './account.css';

interface AuthCardProps {
  banner: string;
  /** A page reached from a link (verification, Google's answer): the card's text is centred. */
  landing?: boolean;
  'aria-live'?: 'polite';
  children: ReactNode;
}

/** The frame of the sign-in, registration and mailed-link pages: the page banner, then one card. */
export function AuthCard({ banner, landing = false, children, ...rest }: AuthCardProps) {
  return (
    <>
      <PageBanner title={banner} />
      <section className="section">
        <div className="container">
          <div className={landing ? 'auth-card landing' : 'auth-card'} {...rest}>
            {children}
          </div>
        </div>
      </section>
    </>
  );
}
