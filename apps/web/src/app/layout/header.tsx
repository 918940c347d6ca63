import { messages } from '@shop/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'wouter';
import {
  CloseIcon,
  FacebookIcon,
  LinkedInIcon,
  MailIcon,
  MenuIcon,
  SearchIcon,
  XIcon,
  YouTubeIcon,
} from '../../components/ui/icons';
import { useCloseOnEscape } from '../../components/ui/use-close-on-escape';
import { AccountLink } from '../../features/account/account-link';
import { CartLink } from '../../features/cart/cart-link';
import { WishlistLink } from '../../features/wishlist/wishlist-link';
import { NavLink, useLocation, useNavigate } from '../../lib/navigation';
import { siteConfig } from '../../lib/site-config';
// Built into the page (384 bytes): no request, and no day-long cache of a file that may change.
import logoUrl from './logo.svg';
import { useScrolledPast } from './use-scrolled-past';

const STICKY_AFTER_PX = 200;

const menu = [
  { to: '/', label: 'Home' },
  { to: '/courses', label: 'Courses' },
  { to: '/about-us', label: 'About us' },
  { to: '/contact', label: 'Contact us' },
];

const socials = [
  { href: 'https://www.facebook.com/', label: 'Facebook', Icon: FacebookIcon },
  { href: 'https://x.com/', label: 'X', Icon: XIcon },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn', Icon: LinkedInIcon },
  { href: 'https://www.youtube.com/', label: 'YouTube', Icon: YouTubeIcon },
];

function MenuLinks() {
  return (
    <ul>
      {menu.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.to === '/'}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The course search: opens /courses?q=… where the list is filtered. */
function SearchForm({ id, onSearch }: { id: string; onSearch?: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const current = location.pathname === '/courses' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(q ? `/courses?q=${encodeURIComponent(q)}` : '/courses');
    onSearch?.();
  };
  return (
    // The address works without the script too: a search sent before the page has hydrated opens /courses?q=….
    <form className="search-form" action="/courses" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        Search courses
      </label>
      <input
        id={id}
        name="q"
        type="search"
        placeholder="Search courses"
        defaultValue={current}
        key={current}
        maxLength={100}
      />
      <button type="submit" aria-label="Search">
        <SearchIcon size={18} />
      </button>
    </form>
  );
}

export function Header() {
  const sticky = useScrolledPast(STICKY_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu whenever the page changes
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useCloseOnEscape(menuOpen, setMenuOpen);

  return (
    <header className="site-header">
      <div className="top-bar">
        <div className="container top-bar-inner">
          <a href={`mailto:${siteConfig.contactEmail}`} className="top-bar-mail">
            <MailIcon size={16} /> {siteConfig.contactEmail}
          </a>
          <span className="top-bar-tagline">{messages.tagline}</span>
        </div>
      </div>
      <div className={`main-bar${sticky ? ' is-sticky' : ''}`} data-sticky={sticky ? 'true' : 'false'}>
        <div className="container main-bar-inner">
          <Link to="/" className="logo" aria-label={`${siteConfig.siteName} home`}>
            <img src={logoUrl} alt="" width="36" height="36" />
            <span>{siteConfig.siteName}</span>
          </Link>
          <nav className="main-nav" aria-label="Main">
            <MenuLinks />
          </nav>
          <div className="header-search">
            <SearchForm id="header-search" />
          </div>
          <div className="header-actions">
            <WishlistLink />
            <CartLink />
            <AccountLink />
            <button
              type="button"
              className="menu-toggle"
              aria-label="Open menu"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen(true)}
            >
              <MenuIcon size={24} />
            </button>
          </div>
        </div>
      </div>
      <div
        className={`mobile-menu-backdrop${menuOpen ? ' is-open' : ''}`}
        onClick={() => setMenuOpen(false)}
        aria-hidden="true"
      />
      {/* The menu's contents are drawn when it opens: hidden, they were hydrated on every page load (decision 0026). */}
      <div id="mobile-menu" className={`mobile-menu${menuOpen ? ' is-open' : ''}`} hidden={!menuOpen}>
        {menuOpen && (
          <>
            <div className="mobile-menu-head">
              <span className="logo">{siteConfig.siteName}</span>
              <button type="button" aria-label="Close menu" onClick={() => setMenuOpen(false)}>
                <CloseIcon size={24} />
              </button>
            </div>
            <SearchForm id="mobile-search" onSearch={() => setMenuOpen(false)} />
            <nav aria-label="Mobile">
              <MenuLinks />
            </nav>
            <ul className="social-links">
              {socials.map(({ href, label, Icon }) => (
                <li key={label}>
                  <a href={href} aria-label={label} target="_blank" rel="noopener noreferrer">
                    <Icon size={18} />
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </header>
  );
}
