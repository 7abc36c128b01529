/** A moved call's times: where it was (labelled, muted, struck through) and where it is now. */
import { Section, Text } from '@react-email/components';
import type { CallTime } from '../callTime';
import { styles } from '../styles';
import type { Translate } from '../translate';
import { CallTimeBlock } from './CallTimeBlock';

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
