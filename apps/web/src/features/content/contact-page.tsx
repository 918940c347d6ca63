import { messages, pageMeta } from '@shop/shared';
import { MailIcon, PinIcon } from '../../components/ui/icons';
import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { siteConfig } from '../../lib/site-config';
import { ContactForm } from './contact-form';
import './contact.css';

export default function ContactPage() {
  useDocumentMeta(pageMeta.contact.title, pageMeta.contact.description);
  return (
    <>
      <PageBanner title={pageMeta.contact.title} />
      <section className="section">
        <div className="container contact-grid">
          <aside className="contact-info" aria-label="Our address">
            <div className="contact-card">
              <span className="contact-icon">
                <PinIcon size={24} />
              </span>
              <div>
                <h2>Address</h2>
                <p>{siteConfig.legal.businessAddress || messages.location}</p>
              </div>
            </div>
            <div className="contact-card">
              <span className="contact-icon">
                <MailIcon size={24} />
              </span>
              <div>
                <h2>E-mail</h2>
                <p>
                  <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>
                </p>
              </div>
            </div>
          </aside>
          <ContactForm />
        </div>
      </section>
    </>
  );
}
