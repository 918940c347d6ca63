import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Icon({ d, size = 20, ...props }: IconProps & { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d={d} />
    </svg>
  );
}

/** Decorative icons (aria-hidden); the control that holds one carries the accessible name. */
const icon = (d: string) => (props: IconProps) => <Icon d={d} {...props} />;

export const SearchIcon = icon(
  'M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.4-5.4-5.39A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z',
);
export const CartIcon = icon(
  'M7 18a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm10 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM1 2h3.3l.94 2H21a1 1 0 0 1 .96 1.27l-2.7 9A1 1 0 0 1 18.3 15H8.1l-.9 2H19v2H5.6l2-4.2L3.7 4H1z',
);
export const UserIcon = icon('M12 12a5 5 0 1 1 0-10 5 5 0 0 1 0 10zm0 2c5.3 0 9 2.7 9 6v2H3v-2c0-3.3 3.7-6 9-6z');
export const HeartIcon = icon(
  'M12 21s-7.5-4.6-10-9.3C.4 8.6 2.2 4 6.4 4 8.8 4 10.4 5.3 12 7.2 13.6 5.3 15.2 4 17.6 4c4.2 0 6 4.6 4.4 7.7C19.5 16.4 12 21 12 21z',
);
export const MenuIcon = icon('M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z');
export const CloseIcon = icon(
  'M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7 2.9 18.3 9.2 12 2.9 5.7 4.3 4.3l6.3 6.3 6.3-6.3z',
);
export const PlayIcon = icon('M8 5v14l11-7z');
export const MailIcon = icon('M2 4h20v16H2zm2 2v.5l8 5 8-5V6zm0 2.8V18h16V8.8l-8 5z');
export const PinIcon = icon(
  'M12 2a7 7 0 0 1 7 7c0 5-7 13-7 13S5 14 5 9a7 7 0 0 1 7-7zm0 4.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z',
);
export const StarIcon = icon('M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z');
export const StarHalfIcon = icon(
  'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1zm0 4.5v9l4 2.1-.8-4.4 3.2-3.1-4.4-.6z',
);
export const FacebookIcon = icon('M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6z');
export const XIcon = icon(
  'M17.7 3H21l-7.2 8.2L22 21h-6.5l-5-6.6L4.8 21H1.5l7.7-8.8L1.4 3H8l4.6 6zm-1.1 16h1.8L7.5 4.9H5.6z',
);
export const LinkedInIcon = icon(
  'M4 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM2.5 9h3v12h-3zM9 9h2.9v1.7c.5-.9 1.7-2 3.6-2 3.4 0 4 2.2 4 5.1V21h-3v-6.3c0-1.5 0-3.4-2.1-3.4S12 12.9 12 14.6V21H9z',
);
export const WhatsAppIcon = icon(
  'M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm5.3 14c-.2.6-1.3 1.2-1.8 1.2s-1 .3-3.5-.7-4-3.5-4.1-3.7-1-1.3-1-2.5.6-1.8.9-2 .5-.3.7-.3h.5c.2 0 .4 0 .6.5l.8 2c.1.1.1.3 0 .5l-.4.6-.4.4c-.1.1-.3.3-.1.6s.8 1.3 1.7 2.1a7.6 7.6 0 0 0 2.4 1.5c.3.1.5.1.6-.1l.9-1.1c.2-.3.4-.2.7-.1l1.9.9c.3.1.5.2.5.3s0 .7-.3 1.3z',
);
export const TelegramIcon = icon(
  'M21.9 4.3 18.7 19.6c-.2 1-.9 1.3-1.8.8l-4.9-3.6-2.4 2.3c-.3.3-.5.5-1 .5l.3-5 9.1-8.2c.4-.4-.1-.6-.6-.2L6.2 13.3l-4.8-1.5c-1-.3-1.1-1 .2-1.5L20.6 3c.9-.3 1.6.2 1.3 1.3z',
);
export const YouTubeIcon = icon(
  'M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12 31 31 0 0 0 1 16.8a3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.8 15V9l5.7 3z',
);
export const ShieldIcon = icon(
  'M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4z',
);
export const LockIcon = icon(
  'M12 2a5 5 0 0 1 5 5v3h1a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h1V7a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v3h6V7a3 3 0 0 0-3-3z',
);
