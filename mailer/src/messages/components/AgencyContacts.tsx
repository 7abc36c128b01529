/** How to reach the agency, and the signature: the end of every message to the visitor. */
import { Link, Section, Text } from '@react-email/components';
import type { SiteConfig } from 'site-config';
import { styles } from '../styles';
import type { Translate } from '../translate';
import { Subheading } from './Subheading';

export function AgencyContacts({ site, t }: { site: SiteConfig; t: Translate }) {
  return (
    <Section>
      <Subheading>{t('contacts.heading')}</Subheading>
      <Text style={styles.small}>
        {t('contacts.phone')} {site.phone}
      </Text>
      <Text style={styles.small}>
        {t('contacts.email')}{' '}
        <Link href={`mailto:${site.email}`} style={styles.link}>
          {site.email}
        </Link>
      </Text>
      <Text style={{ ...styles.text, marginTop: '16px' }}>
        {t('contacts.signature', { organizationName: site.organizationName })}
      </Text>
    </Section>
  );
}
