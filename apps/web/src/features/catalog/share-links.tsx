import { FacebookIcon, LinkedInIcon, TelegramIcon, WhatsAppIcon, XIcon } from '../../components/ui/icons';
import { useHydrated } from '../../components/ui/use-hydrated';

export function ShareLinks({ title }: { title: string }) {
  // The server knows the path but not the address the page was reached by: the links take it once hydrated.
  const url = encodeURIComponent(useHydrated() ? window.location.href : '');
  const text = encodeURIComponent(title);
  const targets = [
    { label: 'Share on WhatsApp', href: `https://wa.me/?text=${text}%20${url}`, Icon: WhatsAppIcon },
    { label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}`, Icon: FacebookIcon },
    { label: 'Share on X', href: `https://x.com/intent/post?url=${url}&text=${text}`, Icon: XIcon },
    {
      label: 'Share on LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
      Icon: LinkedInIcon,
    },
    { label: 'Share on Telegram', href: `https://t.me/share/url?url=${url}&text=${text}`, Icon: TelegramIcon },
  ];
  return (
    <div className="share-links">
      <span>Share:</span>
      <ul>
        {targets.map(({ label, href, Icon }) => (
          <li key={label}>
            <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
              <Icon size={16} />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
