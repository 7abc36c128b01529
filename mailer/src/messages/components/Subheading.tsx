/** A section's heading inside a message's body. */
import { Heading } from '@react-email/components';
import type { ReactNode } from 'react';
import { styles } from '../styles';

/** Under the message's one h1 (Heading's own default). */
const SECTION_HEADING = 'h2';

export function Subheading({ children }: { children: ReactNode }) {
  return (
    <Heading as={SECTION_HEADING} style={styles.subheading}>
      {children}
    </Heading>
  );
}
