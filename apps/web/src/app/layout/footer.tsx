import { messages } from '@shop/shared';
import { Link } from 'wouter';
import { MailIcon, PinIcon } from '../../components/ui/icons';
import { siteConfig } from '../site-config';
// Built into the page (384 bytes): no request, and no day-long cache of a file that may change.
import logoUrl from './logo.svg';

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
        <nav aria-label="Useful Links">
          <h2>Useful Links</h2>
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/terms-and-conditions">Terms and Conditions</Link>
            </li>
            <li>
              <Link to="/refund-policy">Refund Policy</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Our Company">
          <h2>Our Company</h2>
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/courses">Courses</Link>
            </li>
            <li>
              <Link to="/about-us">About Us</Link>
            </li>
            <li>
              <Link to="/contact">Contact Us</Link>
            </li>
          </ul>
        </nav>
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
