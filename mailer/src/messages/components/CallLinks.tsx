/**
 * The call's action links under the sentence that offers them: "Change the time" first (the gentler
 * way), then "Cancel my call", each with the claim's token.
 */
import { Button, Section } from '@react-email/components';
import type { ReactNode } from 'react';
import { styles } from '../styles';
import type { Translate } from '../translate';
import { Paragraph } from './Paragraph';

export interface CallLinkUrls {
  change: string;
  cancel: string;
}

export function CallLinks({
  links,
  t,
  children,
}: {
  links: CallLinkUrls;
  t: Translate;
  children: ReactNode;
}) {
  return (
    <>
      <Paragraph>{children}</Paragraph>
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
    </>
  );
}
