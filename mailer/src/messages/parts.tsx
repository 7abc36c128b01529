/** The pieces every message is built from: its frame (brand, heading, footer), the call's time, a button, the change and cancel links, the agency's contacts. */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';
import type { SiteConfig } from 'site-config';
import type { Language } from '../config';
import type { CallTime } from './callTime';
import { styles } from './styles';
import type { Translate } from './translate';

/** Under the message's one h1 (Heading's own default). */
const SECTION_HEADING = 'h2';

export function EmailFrame({
  language,
  preview,
  heading,
  site,
  footer,
  children,
}: {
  language: Language;
  preview: string;
  heading: string;
  site: SiteConfig;
  footer: string;
  children: ReactNode;
}) {
  return (
    <Html lang={language}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{site.organizationName}</Text>
          <Heading style={styles.heading}>{heading}</Heading>
          {children}
          <Hr style={styles.rule} />
          <Text style={styles.small}>{footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.text}>{children}</Text>;
}

export function Subheading({ children }: { children: ReactNode }) {
  return (
    <Heading as={SECTION_HEADING} style={styles.subheading}>
      {children}
    </Heading>
  );
}

/** The call in Panama time, and below it in the visitor's zone when `withVisitorZone` and it differs. */
export function CallTimeBlock({
  time,
  t,
  withVisitorZone,
}: {
  time: CallTime;
  t: Translate;
  withVisitorZone: boolean;
}) {
  return (
    <Section style={styles.callTime}>
      <Text style={{ ...styles.text, margin: 0, fontWeight: 600 }}>
        {t('call.panamaTime', { when: time.panama })}
      </Text>
      {withVisitorZone && time.visitor ? (
        <Text style={styles.secondaryTime}>{t('call.yourTime', time.visitor)}</Text>
      ) : null}
    </Section>
  );
}

/** A moved call's times: where it was (labelled `fromLabel`, muted) and where it is now. */
export function MovedCallTimes({
  from,
  to,
  labels,
  t,
  withVisitorZone,
}: {
  from: CallTime;
  to: CallTime;
  labels: { from: string; to: string };
  t: Translate;
  withVisitorZone: boolean;
}) {
  return (
    <>
      <Text style={styles.answerLabel}>{labels.from}</Text>
      <Section style={{ ...styles.callTime, backgroundColor: '#ffffff', border: '1px solid #e4e7eb' }}>
        <Text style={{ ...styles.secondaryTime, margin: 0, textDecoration: 'line-through' }}>
          {t('call.panamaTime', { when: from.panama })}
        </Text>
        {withVisitorZone && from.visitor ? (
          <Text style={{ ...styles.secondaryTime, textDecoration: 'line-through' }}>
            {t('call.yourTime', from.visitor)}
          </Text>
        ) : null}
      </Section>
      <Text style={styles.answerLabel}>{labels.to}</Text>
      <CallTimeBlock time={to} t={t} withVisitorZone={withVisitorZone} />
    </>
  );
}

export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

/** The call's two links side by side: "Change the time" first (the gentler way), then "Cancel my call". */
export function CallLinks({ links, t }: { links: CallLinkUrls; t: Translate }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      {/* Side by side in HTML (inline blocks; the break is hidden), a line each in the plain text. */}
      <Button href={links.change} style={{ ...styles.button, margin: '0 12px 8px 0' }}>
        {t('callLinks.change')}
      </Button>
      <br style={{ display: 'none' }} />
      <Button href={links.cancel} style={{ ...styles.secondaryButton, margin: '0 0 8px' }}>
        {t('callLinks.cancel')}
      </Button>
    </Section>
  );
}

export interface CallLinkUrls {
  change: string;
  cancel: string;
}

/** How to reach the agency, and the signature. */
export function AgencyContacts({ site, email, t }: { site: SiteConfig; email: string; t: Translate }) {
  return (
    <Section>
      <Subheading>{t('contacts.heading')}</Subheading>
      <Text style={styles.small}>
        {t('contacts.phone')} {site.phone}
      </Text>
      <Text style={styles.small}>
        {t('contacts.email')}{' '}
        <Link href={`mailto:${email}`} style={styles.link}>
          {email}
        </Link>
      </Text>
      <Text style={{ ...styles.text, marginTop: '16px' }}>
        {t('contacts.signature', { organizationName: site.organizationName })}
      </Text>
    </Section>
  );
}
