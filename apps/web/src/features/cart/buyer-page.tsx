import { messages } from '@shop/shared';
import type { ReactNode } from 'react';
import { PageBanner } from '../../components/ui/page-banner';
import { type Profile, useGetProfileQuery } from '../account';

interface BuyerPageProps {
  title: string;
  signedIn: (profile: Profile) => ReactNode;
  visitor: ReactNode;
}

/** A page shown one way to a signed-in buyer and another to a visitor (cart, checkout), loading until the session is known. */
export function BuyerPage({ title, signedIn, visitor }: BuyerPageProps) {
  const { data: profile, isLoading } = useGetProfileQuery();
  return (
    <>
      <PageBanner title={title} />
      <section className="section">
        <div className="container">
          {isLoading ? <p className="state-message">{messages.loading}</p> : profile ? signedIn(profile) : visitor}
        </div>
      </section>
    </>
  );
}
