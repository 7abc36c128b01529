/** A paragraph of a message's body, in the messages' one text style. */
import { Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { styles } from '../styles';

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.text}>{children}</Text>;
}
