/** One link drawn as a button, on a line of its own. */
import { Button, Section } from '@react-email/components';
import type { ReactNode } from 'react';
import { styles } from '../styles';

export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}
