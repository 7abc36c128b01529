/** move_confirmation: to the visitor, in their language: the call moved from when to when (Panama time and theirs), the invitation at the new time, new change and cancel links. */
import { bookingInvitation, bookingMail } from './bookingMail';
import { describeCallTime, type CallTime } from './callTime';
import { BookingMessage } from './components/BookingMessage';
import { CallLinks, type CallLinkUrls } from './components/CallLinks';
import { InvitationNote } from './components/InvitationNote';
import { MovedCallTimes } from './components/MovedCallTimes';
import {
  callLinks,
  messageContext,
  movedFrom,
  type BookingComposeInput,
  type MessageContext,
} from './messageContext';
import type { OutgoingMail } from './outgoingMail';

export function MoveConfirmationEmail({
  context,
  before,
  links,
  withCalendar,
}: {
  context: MessageContext;
  /** The call's time before this move. */
  before: CallTime;
  links: CallLinkUrls;
  /** The updated invitation is attached (else the note about it is left out). */
  withCalendar: boolean;
}) {
  const { t, time } = context;
  return (
    <BookingMessage context={context}>
      <MovedCallTimes
        from={before}
        to={time}
        labels={{ from: t('moveConfirmation.from'), to: t('moveConfirmation.to') }}
        t={t}
        withVisitorZone
      />
      <InvitationNote attached={withCalendar}>{t('moveConfirmation.calendarNote')}</InvitationNote>
      <CallLinks links={links} t={t}>
        {t('moveConfirmation.linksText')}
      </CallLinks>
    </BookingMessage>
  );
}

export async function composeMoveConfirmation(input: BookingComposeInput): Promise<OutgoingMail> {
  const context = messageContext(input, 'visitor', 'moveConfirmation');
  const before = describeCallTime(movedFrom(input.mail), context.language);
  const links = callLinks(input.mail, input.config, context.language);
  const invitation = bookingInvitation(context, 'REQUEST', input.config);
  return bookingMail(
    context,
    <MoveConfirmationEmail
      context={context}
      before={before}
      links={links}
      withCalendar={'icalEvent' in invitation}
    />,
    invitation,
  );
}
