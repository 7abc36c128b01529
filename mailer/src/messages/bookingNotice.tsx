/** booking_notice: to the agency (AGENCY_INBOX, in AGENCY_LANGUAGE), Reply-To the visitor: every answer of the form, the time in Panama, the invitation. */
import { Section, Text } from '@react-email/components';
import type { SiteConfig } from 'site-config';
import { BOOKING_FIELD_COLUMNS, type MailBooking } from 'supabase-schema';
import { panamaTimestamp } from './callTime';
import { invitation, withInvitation } from './invitation';
import { messageContext, type BookingComposeInput, type MessageContext } from './messageContext';
import type { OutgoingMail } from './outgoingMail';
import { CallTimeBlock, EmailFrame, Paragraph, Subheading } from './parts';
import { renderParts } from './render';
import { styles } from './styles';

/** Every field of the booking: the form's, in its order, then what the database added. */
const FIELDS = [...BOOKING_FIELD_COLUMNS, 'status', 'created_at', 'id'] as const satisfies ReadonlyArray<
  keyof MailBooking
>;

function answerOf(booking: MailBooking, field: (typeof FIELDS)[number], context: MessageContext): string {
  const value = booking[field];
  if (field === 'created_at') return panamaTimestamp(String(value), context.language);
  return value === null || value === undefined ? '' : String(value).trim();
}

export function BookingNoticeEmail({ context, site }: { context: MessageContext; site: SiteConfig }) {
  const { booking, language, t, time } = context;
  const who = { name: booking.full_name, companyName: booking.company_name };
  return (
    <EmailFrame
      language={language}
      site={site}
      preview={t('bookingNotice.preview', { ...who, when: time.panamaShort })}
      heading={t('bookingNotice.heading')}
      footer={t('footer.agency', { url: site.url })}
    >
      <Paragraph>{t('bookingNotice.intro', who)}</Paragraph>
      <Subheading>{t('bookingNotice.whenHeading')}</Subheading>
      <CallTimeBlock time={time} t={t} withVisitorZone={false} />
      <Text style={styles.small}>{t('bookingNotice.visitorZone', { zone: booking.time_zone })}</Text>
      {time.visitor ? (
        <Text style={styles.small}>{t('bookingNotice.visitorTime', { when: time.visitor.when })}</Text>
      ) : null}
      <Text style={styles.small}>
        {t('bookingNotice.visitorLanguage', { language: t(`languageName.${booking.language}`) })}
      </Text>
      <Subheading>{t('bookingNotice.answersHeading')}</Subheading>
      <Section>
        {FIELDS.map((field) => {
          const answer = answerOf(booking, field, context);
          return (
            <Section key={field}>
              <Text style={styles.answerLabel}>{t(`bookingNotice.fields.${field}`)}</Text>
              <Text style={styles.answer}>{answer || t('bookingNotice.empty')}</Text>
            </Section>
          );
        })}
      </Section>
    </EmailFrame>
  );
}

export async function composeBookingNotice(input: BookingComposeInput): Promise<OutgoingMail> {
  const { config } = input;
  const context = messageContext(input, 'agency');
  const { booking, t, time } = context;
  const calendar = withInvitation(() => invitation(booking, 'REQUEST', 'agency', config, t));
  const parts = await renderParts(<BookingNoticeEmail context={context} site={config.site} />);
  return {
    to: context.agency,
    replyTo: context.visitor,
    subject: t('bookingNotice.subject', {
      name: booking.full_name,
      companyName: booking.company_name,
      when: time.panamaShort,
    }),
    ...parts,
    ...calendar,
    messageId: context.messageId,
  };
}
