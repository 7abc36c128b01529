// The calendar invitation, read back by a calendar parser (ical.js): METHOD, a stable UID, the
// call's start and length, organizer and attendee; the cancellation withdraws the same event; a
// booker's line break stays text; an address ics cannot take is refused by name, not by value.
import ICAL from 'ical.js';
import { sampleBooking, sampleConfig } from '../testing/sampleMail';
import { invitationUid } from './bookingEvent';
import { invitation, withInvitation } from './invitation';
import { translatorFor } from './translate';

const config = sampleConfig();
const booking = sampleBooking();

function parse(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const event = calendar.getFirstSubcomponent('vevent');
  if (!event) throw new Error('no VEVENT');
  return { calendar, event, details: new ICAL.Event(event) };
}

test('a booking: METHOD:REQUEST, the stable UID, DTSTART at starts_at for 30 minutes, the agency organizes, the visitor attends', () => {
  const ics = invitation(booking, 'REQUEST', 'visitor', config, translatorFor('es'));
  expect(ics.content).toContain('\r\n');
  const { calendar, event, details } = parse(ics.content);
  expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
  expect(details.uid).toBe('booking-7a1c2f0e-5b8d-4c3e-9f6a-1d2e3f4a5b6c@istmo.example');
  expect(details.uid).toBe(invitationUid(booking, config.site));
  expect(details.startDate.toJSDate().toISOString()).toBe('2027-01-04T14:00:00.000Z');
  expect(details.endDate.toJSDate().toISOString()).toBe('2027-01-04T14:30:00.000Z');
  expect(details.summary).toBe('Llamada de descubrimiento con Istmo Digital');
  expect(details.description).toContain('+507 6000-0000');
  expect(details.sequence).toBe(0);
  expect(event.getFirstPropertyValue('status')).toBe('CONFIRMED');
  const organizer = event.getFirstProperty('organizer');
  expect(String(organizer?.getFirstValue()).toLowerCase()).toBe('mailto:bookings@istmo.example');
  expect(organizer?.getParameter('cn')).toBe('Istmo Digital');
  const [attendee] = event.getAllProperties('attendee');
  expect(String(attendee?.getFirstValue()).toLowerCase()).toBe('mailto:maria.castillo@cafeboquete.com.pa');
  expect(attendee?.getParameter('cn')).toBe('María Fernanda Castillo');
  expect(attendee?.getParameter('rsvp')).toBe('TRUE');
});

test('the agency’s copy is the same event, described for the agency', () => {
  const visitor = parse(
    invitation(booking, 'REQUEST', 'visitor', config, translatorFor('es')).content,
  ).details;
  const agency = parse(invitation(booking, 'REQUEST', 'agency', config, translatorFor('en')).content).details;
  expect(agency.uid).toBe(visitor.uid);
  expect(agency.startDate.compare(visitor.startDate)).toBe(0);
  expect(agency.description).toContain('María Fernanda Castillo (Café Boquete S.A.)');
});

test('a cancellation: METHOD:CANCEL, the same UID, a higher SEQUENCE, STATUS:CANCELLED', () => {
  const request = parse(invitation(booking, 'REQUEST', 'visitor', config, translatorFor('en')).content);
  const cancel = parse(invitation(booking, 'CANCEL', 'visitor', config, translatorFor('en')).content);
  expect(cancel.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
  expect(cancel.details.uid).toBe(request.details.uid);
  expect(cancel.details.sequence).toBeGreaterThan(request.details.sequence);
  expect(cancel.event.getFirstPropertyValue('status')).toBe('CANCELLED');
  expect(cancel.details.startDate.compare(request.details.startDate)).toBe(0);
});

test('a name with quotes or a line break still makes a valid attendee', () => {
  const odd = sampleBooking({ full_name: 'José "Pepe"\nPérez' });
  const { event } = parse(invitation(odd, 'REQUEST', 'visitor', config, translatorFor('es')).content);
  const [attendee] = event.getAllProperties('attendee');
  expect(attendee?.getParameter('cn')).toBe("José 'Pepe' Pérez");
  expect(String(attendee?.getFirstValue()).toLowerCase()).toBe('mailto:maria.castillo@cafeboquete.com.pa');
});

test('a line of the booker’s own stays inside the description: no LOCATION, one attendee', () => {
  const odd = sampleBooking({
    full_name: 'Ana\r\nLOCATION:https://evil.example/j',
    company_name: 'Co\rATTENDEE:mailto:x@evil.example\u0085x',
  });
  const { content } = invitation(odd, 'REQUEST', 'agency', config, translatorFor('en'));
  const { event, details } = parse(content);
  expect(event.getAllProperties('location')).toHaveLength(0);
  expect(event.getAllProperties('attendee')).toHaveLength(1);
  expect(details.description).toContain(
    'Ana\nLOCATION:https://evil.example/j (Co ATTENDEE:mailto:x@evil.example x)',
  );
  expect(event.getFirstProperty('attendee')?.getParameter('cn')).toBe('Ana LOCATION:https://evil.example/j');
});

test.each(['', 'not an address', 'a@b.example\r\nX-Evil: 1'])(
  'an attendee address %j: no invitation, and the reason names the field, not the value',
  (email) => {
    const part = withInvitation(() =>
      invitation(sampleBooking({ email }), 'REQUEST', 'visitor', config, translatorFor('en')),
    );
    expect(part).toEqual({ invitationProblem: 'ics refused attendees[0].email' });
  },
);

test("a moved call: the same UID, the new time, the booking's raised SEQUENCE; its cancellation one higher still", () => {
  const moved = sampleBooking({ starts_at: '2027-01-06T19:00:00+00:00', invitation_sequence: 2 });
  const first = parse(invitation(booking, 'REQUEST', 'visitor', config, translatorFor('es')).content);
  const request = parse(invitation(moved, 'REQUEST', 'agency', config, translatorFor('en')).content);
  expect(request.details.uid).toBe(first.details.uid);
  expect(request.calendar.getFirstPropertyValue('method')).toBe('REQUEST');
  expect(request.details.startDate.toJSDate().toISOString()).toBe('2027-01-06T19:00:00.000Z');
  expect(request.details.sequence).toBe(2);
  const cancel = parse(invitation(moved, 'CANCEL', 'visitor', config, translatorFor('en')).content);
  expect(cancel.details.uid).toBe(first.details.uid);
  expect(cancel.details.sequence).toBe(3);
});
