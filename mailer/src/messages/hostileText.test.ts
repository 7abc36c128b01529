// Whatever a booker typed (CR, LF, CRLF, NEL, U+2028, other control characters, a calendar line or
// a header of their own), the messages about their booking carry it as text only: the invitation,
// read back by a calendar parser, holds one event with only the properties this mailer writes, and
// the e-mail nodemailer builds has one line per header, only the headers this mailer writes; and no
// direction-changing or invisible character (the Trojan Source advisory's) reaches a header, the
// invitation or the message's text.
import fc from 'fast-check';
import ICAL from 'ical.js';
import nodemailer from 'nodemailer';
import {
  DIRECTION_CHARACTERS,
  INVISIBLE_CHARACTERS,
  type ClaimedBookingMail,
  type MailBooking,
} from 'supabase-schema';
import { smtpMessage } from '../smtp';
import { sampleBooking, sampleConfig, sampleMail } from '../testing/sampleMail';
import { composeMail } from './composeMail';

const PIECES = [
  '\r',
  '\n',
  '\r\n',
  '\u0085',
  '\u2028',
  '\u2029',
  '\t',
  '\u0000',
  '\u001b',
  '\u007f',
  '"',
  ';',
  ',',
  ':',
  '\\',
  '\r\nLOCATION:https://evil.example/j',
  '\nATTENDEE;CN=Evil:mailto:x@evil.example',
  '\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:evil',
  '\r\nBcc: victim@evil.example',
  '\r\n\r\n<b>body</b>',
  '\nContent-Type: text/html',
  'José Pérez',
  '\u202e',
  '\u202a',
  '\u2066',
  '\u2069',
  '\u200f',
  '\u061c',
  '\u200b',
  '\u2060',
  '\ufeff',
  'evil\u202efdp.exe',
];

/** The characters no message may carry from a booker's text (supabase-schema's lists). */
const HIDDEN = new RegExp(`[${DIRECTION_CHARACTERS}${INVISIBLE_CHARACTERS}]`, 'u');

/** Text as a booker might type it: ordinary characters mixed with line breaks and injections. */
const typed = fc
  .array(
    fc.oneof(
      fc.constantFrom(...PIECES),
      fc.string({ maxLength: 6 }),
      fc.integer({ min: 0, max: 0x9f }).map((code) => String.fromCharCode(code)),
    ),
    { maxLength: 6 },
  )
  .map((pieces) => pieces.join(''));

const TYPED_FIELDS = [
  'full_name',
  'company_name',
  'phone',
  'website',
  'industry',
  'company_size',
  'current_marketing',
  'budget',
  'goals',
  'preferred_time',
  'additional_info',
] as const satisfies ReadonlyArray<keyof MailBooking>;

const booking = fc.record({
  ...Object.fromEntries(TYPED_FIELDS.map((field) => [field, typed])),
  // Mostly a real address (so there is an invitation to read), sometimes hostile too.
  email: fc.oneof(
    { weight: 3, arbitrary: fc.constant(sampleBooking().email) },
    { weight: 1, arbitrary: typed },
  ),
  language: fc.constantFrom('en' as const, 'es' as const),
}) as fc.Arbitrary<Partial<MailBooking>>;

const KINDS = [
  'booking_confirmation',
  'booking_notice',
  'cancellation_confirmation',
  'cancellation_notice',
] as const satisfies ReadonlyArray<ClaimedBookingMail['kind']>;

const CALENDAR_PROPERTIES = ['version', 'calscale', 'prodid', 'method', 'x-published-ttl'];
const EVENT_PROPERTIES = [
  'uid',
  'summary',
  'dtstamp',
  'dtstart',
  'duration',
  'sequence',
  'status',
  'description',
  'url',
  'organizer',
  'attendee',
];
const MAIL_HEADERS = [
  'auto-submitted',
  'from',
  'to',
  'reply-to',
  'subject',
  'message-id',
  'date',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'content-disposition',
];

/** Every header field's name in the message and in each of its MIME parts, unfolded. */
function headerNames(entity: string): string[] {
  const split = entity.indexOf('\r\n\r\n');
  const head = split === -1 ? entity : entity.slice(0, split);
  const body = split === -1 ? '' : entity.slice(split + 4);
  const fields: string[] = [];
  for (const line of head.split('\r\n')) {
    if (/^[ \t]/.test(line) && fields.length > 0) fields[fields.length - 1] += line;
    else fields.push(line);
  }
  const names = fields.map((field) => field.slice(0, field.indexOf(':')).toLowerCase());
  const contentType = fields.find((field) => /^content-type:/i.test(field)) ?? '';
  const boundary = /boundary="([^"]+)"/i.exec(contentType)?.[1];
  if (!boundary) return names;
  const parts = body.split(`--${boundary}`).slice(1);
  for (const part of parts) {
    if (part.startsWith('--')) break;
    names.push(...headerNames(part.replace(/^\r\n/, '')));
  }
  return names;
}

const config = sampleConfig();
const now = new Date('2026-12-28T15:05:00Z');
const build = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

test('booker text never becomes a calendar property or a mail header', async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...KINDS), booking, async (kind, typedBooking) => {
      const mail = await composeMail({ mail: sampleMail(kind, typedBooking), config, now });

      for (const header of [
        mail.subject,
        mail.to.name,
        mail.to.address,
        mail.replyTo.name,
        mail.replyTo.address,
      ])
        expect(header).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
      // The HTML's body: its hidden preview pads with invisible characters of its own.
      const body = mail.html.slice(mail.html.indexOf('<!--body-->'));
      for (const text of [mail.subject, mail.replyTo.name, mail.to.name, mail.text, body])
        expect(text).not.toMatch(HIDDEN);

      if (mail.icalEvent) {
        const content = mail.icalEvent.content;
        expect(content).not.toMatch(HIDDEN);
        // Every line ends with CRLF, and none holds a CR or LF of its own.
        for (const line of content.split('\r\n')) expect(line).not.toMatch(/[\r\n\u0085\u2028\u2029]/);
        const calendar = new ICAL.Component(ICAL.parse(content));
        expect(calendar.getAllSubcomponents().map((component) => component.name)).toEqual(['vevent']);
        const event = calendar.getFirstSubcomponent('vevent');
        if (!event) throw new Error('no VEVENT');
        for (const property of calendar.getAllProperties())
          expect(CALENDAR_PROPERTIES).toContain(property.name);
        for (const property of event.getAllProperties()) expect(EVENT_PROPERTIES).toContain(property.name);
        expect(event.getAllProperties('attendee')).toHaveLength(1);
        expect(event.getAllProperties('organizer')).toHaveLength(1);
        // The description keeps the booker's line breaks as LF only (ics writes them as \n).
        const description = String(event.getFirstPropertyValue('description'));
        expect(description.replace(/\n/g, '')).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
      } else {
        // Only an attendee address ics does not take leaves a message without its invitation.
        expect(mail.invitationProblem).toBe('ics refused attendees[0].email');
      }

      const built = await build.sendMail(smtpMessage(mail, config));
      for (const name of headerNames(built.message.toString())) expect(MAIL_HEADERS).toContain(name);
    }),
    { numRuns: 150 },
  );
});
