import { messages } from '@shop/shared';
import { Link } from 'wouter';
import { MailIcon, PinIcon } from '../../components/ui/icons';
import { siteConfig } from '../../lib/site-config';
// Built into the page (384 bytes): no request, and no day-long cache of a file that may change.
import logoUrl from './logo.svg';

const usefulLinks = [
  ['/', 'Home'],
  ['/terms-and-conditions', 'Terms and Conditions'],
  ['/refund-policy', 'Refund Policy'],
  ['/privacy-policy', 'Privacy Policy'],
] as const;

const companyLinks = [
  ['/', 'Home'],
  ['/courses', 'Courses'],
  ['/memberships', 'Memberships'],
  ['/about-us', 'About Us'],
  ['/contact', 'Contact Us'],
] as const;

/** A titled list of the footer's links, a navigation landmark named by its title. */
function FooterLinks({ title, links }: { title: string; links: readonly (readonly [to: string, label: string])[] }) {
  return (
    <nav aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {links.map(([to, label]) => (
          <li key={to}>
            <Link to={to}>{label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <Link to="/" className="logo logo-light">
            <img src={logoUrl} alt="" width="36" height="36" />
            <span>{siteConfig.siteName}</span>
          </Link>
          <p>
            <PinIcon size={16} /> {messages.location}
          </p>
          <p>
            <MailIcon size={16} /> <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>
          </p>
        </div>
        <FooterLinks title="Useful Links" links={usefulLinks} />
        <FooterLinks title="Our Company" links={companyLinks} />
        <div className="footer-cta">
          <h2>Get in touch</h2>
          <p>Questions about a course or your purchase? We answer every message.</p>
          <Link to="/contact" className="btn">
            {messages.contactWithUs}
          </Link>
        </div>
      </div>
      <div className="footer-bottom">
        <div className="container">
          <p className="footer-disclaimer">{messages.investmentDisclaimer}</p>
          Copyright © 2024 {siteConfig.siteName}. All rights reserved.
        </div>
      </div>
    </footer>
  );
}
