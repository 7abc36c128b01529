// The frame of a page a booking's e-mail links to (/booking/cancel?token=…, /booking/change?token=…):
// its metadata, its title over a dark band, and the page's card for the token in its address.
import type { ComponentType } from 'react';
import { UnlistedPageMetadata } from 'page-metadata';
import { useTranslation } from 'shared-i18n';
import { NAMESPACE } from '../i18n';
import { useLinkToken } from './linkToken';
import './BookingLinkPage.css';

interface BookingLinkPageProps {
  /** Which link page: its title and metadata are that section of the translations. */
  page: 'cancel' | 'change';
  /** What the link can do, for one token. */
  Card: ComponentType<{ token: string | null }>;
}

export function BookingLinkPage({ page, Card }: BookingLinkPageProps) {
  const { t } = useTranslation(NAMESPACE);
  const token = useLinkToken();
  return (
    <section className="booking-cancel">
      <UnlistedPageMetadata title={t(`${page}.metaTitle`)} description={t(`${page}.metaDescription`)} />
      {/* The address holds the link's token: no request this page makes may carry it elsewhere. */}
      <meta name="referrer" content="no-referrer" />
      <div className="booking-cancel__hero">
        <div className="booking-cancel__intro site-container">
          <h1 className="booking-cancel__title">{t(`${page}.title`)}</h1>
        </div>
      </div>
      <div className="booking-cancel__body site-container">
        {/* Another token is another link: its state starts afresh. */}
        <Card key={token ?? ''} token={token} />
      </div>
    </section>
  );
}
