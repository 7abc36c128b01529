/**
 * address_code: the one-time code that proves an address, to that address, in the language the
 * form asked in. An address that has not answered yet receives no text of anyone's: this message
 * carries the code, how long it lasts and the agency's own name and site, never what the booker
 * typed (no name, no company), and no invitation or cancel link (nothing is booked yet). Beside
 * the code, the mail's one-time link to the booking page confirms the address too: whoever holds
 * the mailbox gets in, even when someone else's requests used up the address's codes for the day.
 */
import { Text } from '@react-email/components';
import type { SiteConfig } from 'site-config';
import type { ClaimedCodeMail } from 'supabase-schema';
import { messageLanguage, type Language } from '../config';
import { EmailFrame } from './components/EmailFrame';
import { Paragraph } from './components/Paragraph';
import { ButtonLink } from './components/ButtonLink';
import { addressLink, siteHost } from './links';
import type { ComposeInput } from './messageContext';
import type { OutgoingMail } from './outgoingMail';
import { renderParts } from './render';
import { styles } from './styles';
import { translatorFor, type Translate } from './translate';

export function AddressCodeEmail({
  code,
  minutes,
  link,
  linkHours,
  language,
  t,
  site,
}: {
  code: string;
  minutes: number;
  /** The one-time link's address on the site, or null (a database before the link). */
  link: string | null;
  linkHours: number;
  language: Language;
  t: Translate;
  site: SiteConfig;
}) {
  return (
    <EmailFrame
      language={language}
      site={site}
      preview={t('addressCode.preview', { code, organizationName: site.organizationName })}
      heading={t('addressCode.heading')}
      footer={t('addressCode.footer', { organizationName: site.organizationName, url: site.url })}
    >
      <Paragraph>{t('addressCode.intro')}</Paragraph>
      <Text style={styles.code}>{code}</Text>
      <Paragraph>{t('addressCode.validFor', { count: minutes })}</Paragraph>
      {link && (
        <>
          <Paragraph>{t('addressCode.linkIntro')}</Paragraph>
          <ButtonLink href={link}>{t('addressCode.linkButton')}</ButtonLink>
          <Paragraph>{t('addressCode.linkValidFor', { count: linkHours })}</Paragraph>
        </>
      )}
      <Paragraph>{t('addressCode.notYou')}</Paragraph>
    </EmailFrame>
  );
}

export async function composeAddressCode({
  mail,
  config,
}: ComposeInput<ClaimedCodeMail>): Promise<OutgoingMail> {
  const { code, address } = mail;
  const language = messageLanguage(address.language);
  const t = translatorFor(language);
  const parts = await renderParts(
    <AddressCodeEmail
      code={code}
      minutes={address.valid_minutes}
      link={address.link ? addressLink(config.site, address.link, language) : null}
      linkHours={address.link_valid_hours ?? 24}
      language={language}
      t={t}
      site={config.site}
    />,
  );
  return {
    // The address alone: a display name would be text the booker typed.
    to: { name: '', address: address.email },
    replyTo: { name: config.site.organizationName, address: config.agencyInbox },
    subject: t('addressCode.subject', { code }),
    ...parts,
    // Per claim, not per message: each claim makes a new code, and a client that groups by
    // Message-ID must not hide the newer one behind the older.
    messageId: `<${mail.kind}.${mail.message_id}.${mail.attempt}@${siteHost(config.site)}>`,
  };
}
