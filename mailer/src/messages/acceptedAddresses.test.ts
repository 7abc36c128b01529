// What the database accepts, the mailer sends: every address the e-mail rule of supabase-schema
// accepts (the form's and the CHECK's one definition) gets the confirmation and the agency's notice
// with their invitations, so no booking is stored whose mail cannot be composed.
import fc from 'fast-check';
import { EMAIL_PATTERN, bookingFieldProblem } from 'supabase-schema';
import { sampleConfig, sampleMail } from '../testing/sampleMail';
import { composeMail } from './composeMail';

const config = sampleConfig();
const now = new Date('2026-12-28T15:05:00Z');

/** Addresses the rule accepts, as the database reads them (its length limit included). */
const acceptedAddress = fc
  // fast-check cannot generate from a lookahead: the local part's length is left to the filter.
  .stringMatching(new RegExp(EMAIL_PATTERN.replace('(?=[^@]{1,64}@)', '')))
  .filter((email) => bookingFieldProblem('email', email) === null);

test('every address the booking rules accept gets its confirmation, notice and invitation composed', async () => {
  await fc.assert(
    fc.asyncProperty(
      acceptedAddress,
      fc.constantFrom('booking_confirmation' as const, 'booking_notice' as const),
      async (email, kind) => {
        const mail = await composeMail({ mail: sampleMail(kind, { email }), config, now });
        expect(mail.invitationProblem).toBeUndefined();
        expect(mail.icalEvent?.content).toContain('BEGIN:VEVENT');
      },
    ),
    { numRuns: 120 },
  );
});

test.each(['ana@cafe.pa.', 'josé@correo.pa', 'ana@café.pa', 'ana..b@cafe.pa', '"ana"@cafe.pa'])(
  '%s is refused by the e-mail rule, so it never reaches the mailer',
  (email) => {
    expect(bookingFieldProblem('email', email)).toBe('email');
  },
);
