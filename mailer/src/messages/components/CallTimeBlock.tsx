/** The call's time, boxed: in Panama, and below it in the visitor's zone when asked for and it differs. */
import { Section, Text } from '@react-email/components';
import type { CallTime } from '../callTime';
import { styles } from '../styles';
import type { Translate } from '../translate';

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
