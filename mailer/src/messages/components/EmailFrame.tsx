/** The frame every message is drawn in: the agency's name, the message's heading, its body, a rule and its footer. */
import { Body, Container, Head, Heading, Hr, Html, Preview, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import type { SiteConfig } from 'site-config';
import { LANGUAGE_TAGS, type Language } from '../../config';
import { styles } from '../styles';

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
    <Html lang={LANGUAGE_TAGS[language]}>
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
