// Each kind of message rendered in English, Spanish and Portuguese: the right language and copy, the call in
// Panama time and in the visitor's zone, the links, the plain-text part, nothing loaded from afar;
// the address code with no text of the booker's; a message whose invitation ics refuses goes without it.
import type { ClaimedBookingMail } from 'supabase-schema';
import {
  sampleBooking,
  sampleCodeMail,
  sampleConfig,
  sampleMail,
  SAMPLE_CODE,
  SAMPLE_TOKEN,
} from '../testing/sampleMail';
import { composeMail, reasonNotToSend } from './composeMail';
import en from '../locales/en.json';
import es from '../locales/es.json';
import pt from '../locales/pt.json';

const config = sampleConfig();
const now = new Date('2026-12-28T15:05:00Z');
/** Intl puts thin and narrow no-break spaces around the time range's dash and before AM/PM. */
function plain<T extends { text: string }>(mail: T): T {
  return { ...mail, text: mail.text.replace(/[\u00a0\u2009\u202f]/g, ' ') };
}
type BookingKind = ClaimedBookingMail['kind'];
const compose = async (kind: BookingKind, booking = {}, at = now) =>
  plain(await composeMail({ mail: sampleMail(kind, booking), config, now: at }));

const KINDS: BookingKind[] = [
  'booking_confirmation',
  'booking_notice',
  'booking_reminder',
  'cancellation_confirmation',
  'cancellation_notice',
  'move_confirmation',
  'move_notice',
];

/** Every key, a plural family (`x_one`, `x_other`, Spanish's `x_many`) as one. */
function keysOf(tree: object, prefix = ''): string[] {
  const keys = Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object'
      ? keysOf(value, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(one|many|other)$/, '')}`],
  );
  return [...new Set(keys)];
}

test.each([
  ['Spanish', es],
  ['Portuguese', pt],
])('English and %s have the same copy keys', (_, translation) => {
  expect(keysOf(translation).sort()).toEqual(keysOf(en).sort());
  // i18next asks Spanish and Portuguese for `_many` (a million minutes): every family has it.
  const text = JSON.stringify(translation);
  expect(text.match(/_other"/g)?.length).toBe(text.match(/_many"/g)?.length);
});

describe.each(KINDS)('%s', (kind) => {
  test.each(['en', 'es', 'pt'] as const)(
    'in %s: copy from the locale files, a plain-text part, no remote image',
    async (language) => {
      const mail = await compose(kind, { language });
      const toAgency = kind.endsWith('notice');
      expect(mail.html).toContain(
        `lang="${toAgency ? 'en' : { en: 'en', es: 'es', pt: 'pt-BR' }[language]}"`,
      );
      expect(mail.html).not.toMatch(/<img[^>]+src="http/i);
      expect(mail.html).not.toMatch(/https?:\/\/[^"]*(pixel|track|open)/i);
      expect(mail.text.length).toBeGreaterThan(100);
      expect(mail.text).not.toMatch(/<[a-z][^>]*>/i);
      // A key i18next could not find comes out as the key itself.
      for (const part of [mail.subject, mail.text])
        expect(part).not.toMatch(
          /\b(call|callLinks|calendar|contacts|footer|booking\w+|cancellation\w+|move\w+|addressCode)\.[a-zA-Z]+/,
        );
      // A moved call's messages carry its sequence: each move's message is a message of its own.
      const sequence = kind.startsWith('move_') ? '.1' : '';
      expect(mail.messageId).toBe(`<${kind}.7a1c2f0e-5b8d-4c3e-9f6a-1d2e3f4a5b6c${sequence}@istmo.example>`);
    },
  );
});

describe('booking_confirmation', () => {
  test('in Spanish: Panama time and the visitor’s, the call, the contacts, the cancel link with lang=es, the invitation', async () => {
    const mail = await compose('booking_confirmation');
    expect(mail.to).toEqual({
      name: 'María Fernanda Castillo',
      address: 'maria.castillo@cafeboquete.com.pa',
    });
    expect(mail.replyTo.address).toBe('bookings@istmo.example');
    expect(mail.subject).toBe('Tu llamada de descubrimiento con Istmo Digital está agendada');
    expect(mail.text).toContain('lunes, 4 de enero de 2027, 9:00 – 9:30 a. m. (hora de Panamá)');
    expect(mail.text).toContain(
      'lunes, 4 de enero de 2027, 11:00 – 11:30 a. m. (hora estándar de Argentina, tu hora)',
    );
    expect(mail.text).toContain('Qué haremos en la llamada de 30 minutos'.toUpperCase());
    expect(mail.text).toContain('+507 6000-0000');
    expect(mail.text).toContain('hola@istmo.example');
    const link = `https://istmo.example/booking/cancel?token=${SAMPLE_TOKEN}&lang=es`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(mail.icalEvent).toMatchObject({ method: 'REQUEST', filename: 'invite.ics' });
    expect(mail.icalEvent?.content).toContain('SUMMARY:Llamada de descubrimiento con Istmo Digital');
  });

  test('in Portuguese from São Paulo: Panama time and "horário de Brasília", the cancel link with lang=pt', async () => {
    const mail = await compose('booking_confirmation', { language: 'pt', time_zone: 'America/Sao_Paulo' });
    expect(mail.subject).toBe(
      pt.bookingConfirmation.subject.replace('{{organizationName}}', 'Istmo Digital'),
    );
    expect(mail.text).toContain('segunda-feira, 4 de janeiro de 2027');
    expect(mail.text).toMatch(/11:00 – 11:30 \(horário de Brasília, no seu horário\)/);
    const link = `https://istmo.example/booking/cancel?token=${SAMPLE_TOKEN}&lang=pt`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('lang="pt-BR"');
  });

  test('in English: the cancel link without lang', async () => {
    const mail = await compose('booking_confirmation', { language: 'en' });
    expect(mail.subject).toBe('Your discovery call with Istmo Digital is booked');
    expect(mail.text).toContain('Monday, January 4, 2027, 9:00 – 9:30 AM (Panama time)');
    expect(mail.text).toContain(
      'Monday, January 4, 2027, 11:00 – 11:30 AM (Argentina Standard Time, your time)',
    );
    expect(mail.text).toContain(`https://istmo.example/booking/cancel?token=${SAMPLE_TOKEN}`);
    expect(mail.text).not.toContain('lang=');
  });

  test.each(['America/Panama', 'America/Bogota'])('from %s (Panama’s clock): the time once', async (zone) => {
    const mail = await compose('booking_confirmation', { language: 'en', time_zone: zone });
    expect(mail.text).toContain('(Panama time)');
    expect(mail.text).not.toContain('your time');
  });

  test('a zone this Node does not know: the Panama time alone', async () => {
    const mail = await compose('booking_confirmation', { language: 'en', time_zone: 'Not/A_Zone' });
    expect(mail.text).toContain('(Panama time)');
    expect(mail.text).not.toContain('your time');
  });

  test('without a cancel token it is not composed (claim_mail always gives one)', async () => {
    const mail = { ...sampleMail('booking_confirmation'), cancel_token: null };
    await expect(composeMail({ mail, config, now })).rejects.toThrow(/cancel_token/);
  });
});

describe('booking_notice', () => {
  test('to the agency, Reply-To the visitor, every answer and the time in Panama, in English', async () => {
    const mail = await compose('booking_notice', { additional_info: '' });
    expect(mail.to.address).toBe('bookings@istmo.example');
    expect(mail.replyTo).toEqual({
      name: 'María Fernanda Castillo',
      address: 'maria.castillo@cafeboquete.com.pa',
    });
    expect(mail.subject).toBe(
      'New discovery call: María Fernanda Castillo (Café Boquete S.A.), Jan 4, 2027, 9:00 AM',
    );
    expect(mail.text).toContain('Monday, January 4, 2027, 9:00 – 9:30 AM (Panama time)');
    expect(mail.text).toContain('Their time zone: America/Argentina/Buenos_Aires');
    expect(mail.text).toContain('Language of the booking: Spanish');
    for (const answer of [
      'María Fernanda Castillo',
      'maria.castillo@cafeboquete.com.pa',
      '+507 6123-4567',
      'Café Boquete S.A.',
      'https://cafeboquete.com.pa',
      'Food & Beverage',
      '11-50',
      'Instagram posts twice a week,',
      '1000-2500',
      'Sell more coffee online to customers in the US and Europe.',
      '2027-01-04',
      '9:00 AM',
      'pending',
      'Dec 28, 2026, 10:04 AM',
      '7a1c2f0e-5b8d-4c3e-9f6a-1d2e3f4a5b6c',
      '(none)',
    ])
      expect(mail.text).toContain(answer);
    expect(mail.icalEvent?.method).toBe('REQUEST');
  });

  test('in Spanish when the agency’s language is Spanish', async () => {
    const mail = plain(
      await composeMail({
        mail: sampleMail('booking_notice'),
        config: sampleConfig({ agencyLanguage: 'es' }),
        now,
      }),
    );
    expect(mail.subject).toMatch(/^Nueva llamada de descubrimiento: /);
    expect(mail.text).toContain('(hora de Panamá)');
  });

  test("while the agency's calendar is unread past the stale time, the notice says when it was last read", async () => {
    const lastReadAt = new Date('2026-12-28T13:50:00Z');
    const calendar = {
      source: 'agency-caldav',
      watchingSince: lastReadAt,
      lastReadAt,
      lastError: 'CalDAV: no answer',
    };
    const notice = async (at: Date, language: 'en' | 'es' = 'en') =>
      plain(
        await composeMail({
          mail: sampleMail('booking_notice'),
          config: sampleConfig({ agencyLanguage: language }),
          now: at,
          calendar,
        }),
      ).text;
    // 15 minutes unread: not stale yet (30 by default).
    expect(await notice(new Date('2026-12-28T14:05:00Z'))).not.toContain('Your calendar');
    expect(await notice(now)).toContain(
      'Your calendar was last read on Dec 28, 2026, 8:50 AM (Panama time) and could not be read since',
    );
    expect(await notice(now, 'es')).toContain(
      'Tu calendario se leyó por última vez el 12/28/2026, 8:50 a. m. (hora de Panamá)',
    );
    // Never read since the mailer started: since when it is unread.
    const never = plain(
      await composeMail({
        mail: sampleMail('booking_notice'),
        config,
        now,
        calendar: { ...calendar, lastReadAt: null },
      }),
    ).text;
    expect(never).toContain('Your calendar could not be read since Dec 28, 2026, 8:50 AM (Panama time)');
  });
});

describe('booking_reminder', () => {
  test('a day ahead: "in about 24 hours", the time, the cancel link; no invitation', async () => {
    const mail = await compose('booking_reminder', { language: 'en' }, new Date('2027-01-03T14:00:00Z'));
    expect(mail.subject).toBe('Reminder: your discovery call with Istmo Digital');
    expect(mail.text).toContain('is in about 24 hours');
    expect(mail.text).toContain('9:00 – 9:30 AM (Panama time)');
    expect(mail.text).toContain(`https://istmo.example/booking/cancel?token=${SAMPLE_TOKEN}`);
    expect(mail.icalEvent).toBeUndefined();
  });

  test('booked less than a day ahead: "soon", in Spanish with lang=es', async () => {
    const mail = await compose('booking_reminder', {}, new Date('2027-01-04T11:00:00Z'));
    expect(mail.text).toContain('es muy pronto');
    expect(mail.text).toContain(`?token=${SAMPLE_TOKEN}&lang=es`);
  });

  test('not sent for a call that began or was cancelled', () => {
    const begun = { mail: sampleMail('booking_reminder'), config, now: new Date('2027-01-04T14:00:00Z') };
    expect(reasonNotToSend(begun)).toMatch(/already begun/);
    const cancelled = { mail: sampleMail('booking_reminder', { status: 'cancelled' }), config, now };
    expect(reasonNotToSend(cancelled)).toMatch(/cancelled/);
    expect(reasonNotToSend({ mail: sampleMail('booking_confirmation'), config, now })).toBeNull();
  });
});

describe('cancellations', () => {
  test('to the visitor: which call, "Book another time" with lang, the invitation withdrawn', async () => {
    const mail = await compose('cancellation_confirmation');
    expect(mail.subject).toBe('Tu llamada de descubrimiento con Istmo Digital fue cancelada');
    expect(mail.text).toContain('9:00 – 9:30 a. m. (hora de Panamá)');
    expect(mail.text).toContain('https://istmo.example/booking?lang=es');
    expect(mail.icalEvent).toMatchObject({ method: 'CANCEL', filename: 'cancel.ics' });
    const english = await compose('cancellation_confirmation', { language: 'en' });
    expect(english.text).toContain('Book another time');
    expect(english.text).toMatch(/https:\/\/istmo\.example\/booking(?!\?)/);
  });

  test('to the agency: who and when, Reply-To the visitor, the invitation withdrawn', async () => {
    const mail = await compose('cancellation_notice');
    expect(mail.to.address).toBe('bookings@istmo.example');
    expect(mail.replyTo.address).toBe('maria.castillo@cafeboquete.com.pa');
    expect(mail.subject).toBe(
      'Cancelled: discovery call with María Fernanda Castillo (Café Boquete S.A.), Jan 4, 2027, 9:00 AM',
    );
    expect(mail.icalEvent?.method).toBe('CANCEL');
  });
});

describe('the change link beside the cancel link', () => {
  test.each([
    ['booking_confirmation', 'en', 'Change the time', 'Cancel my call', ''],
    ['booking_confirmation', 'es', 'Cambiar el horario', 'Cancelar mi llamada', '&lang=es'],
    ['booking_reminder', 'en', 'Change the time', 'Cancel my call', ''],
    ['booking_reminder', 'es', 'Cambiar el horario', 'Cancelar mi llamada', '&lang=es'],
  ] as const)(
    '%s in %s: "%s" then "%s", both with the token',
    async (kind, language, change, cancel, lang) => {
      const mail = await compose(kind, { language });
      const changeUrl = `https://istmo.example/booking/change?token=${SAMPLE_TOKEN}${lang}`;
      const cancelUrl = `https://istmo.example/booking/cancel?token=${SAMPLE_TOKEN}${lang}`;
      expect(mail.text).toContain(`${change} ${changeUrl}\n${cancel} ${cancelUrl}`);
      const html = mail.html.replace(/&amp;/g, '&');
      const order = [`href="${changeUrl}"`, `>${change}<`, `href="${cancelUrl}"`, `>${cancel}<`].map((part) =>
        html.indexOf(part),
      );
      expect(order.every((at, index) => at > (order[index - 1] ?? 0))).toBe(true);
    },
  );
});

describe('a moved call', () => {
  test('to the visitor in Spanish: from when to when, in Panama time and theirs, new links, the invitation at the new time', async () => {
    const mail = await compose('move_confirmation');
    expect(mail.subject).toBe('Tu llamada de descubrimiento con Istmo Digital cambió de horario');
    expect(mail.text).toMatch(
      /Antes[\s\S]*lunes, 4 de enero de 2027, 9:00 – 9:30 a\. m\. \(hora de Panamá\)[\s\S]*lunes, 4 de enero de 2027, 11:00 – 11:30 a\. m\. \(hora estándar de Argentina, tu hora\)[\s\S]*Ahora[\s\S]*miércoles, 6 de enero de 2027, 2:00 – 2:30 p\. m\. \(hora de Panamá\)[\s\S]*miércoles, 6 de enero de 2027, 4:00 – 4:30 p\. m\. \(hora estándar de Argentina, tu hora\)/,
    );
    expect(mail.text).toContain(`https://istmo.example/booking/change?token=${SAMPLE_TOKEN}&lang=es`);
    expect(mail.text).toContain(`https://istmo.example/booking/cancel?token=${SAMPLE_TOKEN}&lang=es`);
    expect(mail.icalEvent?.method).toBe('REQUEST');
    expect(mail.icalEvent?.content).toContain('SEQUENCE:1');
    expect(mail.icalEvent?.content).toContain('DTSTART:20270106T190000Z');
    expect(mail.icalEvent?.content).toContain(
      'UID:booking-7a1c2f0e-5b8d-4c3e-9f6a-1d2e3f4a5b6c@istmo.example',
    );
  });

  test('to the agency in English: who, from when to when in Panama time, Reply-To the visitor, the invitation', async () => {
    const mail = await compose('move_notice');
    expect(mail.to.address).toBe('bookings@istmo.example');
    expect(mail.replyTo.address).toBe('maria.castillo@cafeboquete.com.pa');
    expect(mail.subject).toBe(
      'Moved: discovery call with María Fernanda Castillo (Café Boquete S.A.), now Jan 6, 2027, 2:00 PM',
    );
    expect(mail.text).toMatch(
      /Before[\s\S]*Monday, January 4, 2027, 9:00 – 9:30 AM \(Panama time\)[\s\S]*Now[\s\S]*Wednesday, January 6, 2027, 2:00 – 2:30 PM \(Panama time\)/,
    );
    expect(mail.text).not.toContain('your time');
    expect(mail.icalEvent?.content).toContain('SEQUENCE:1');
  });

  test('in English to the visitor, and not sent once the call was cancelled since', async () => {
    const mail = await compose('move_confirmation', { language: 'en' });
    expect(mail.subject).toBe('Your discovery call with Istmo Digital has moved');
    expect(mail.text).toContain('Change the time');
    for (const kind of ['move_confirmation', 'move_notice'] as const) {
      const cancelled = { mail: sampleMail(kind, { status: 'cancelled' }), config, now };
      expect(reasonNotToSend(cancelled)).toMatch(/cancelled/);
      expect(reasonNotToSend({ mail: sampleMail(kind), config, now })).toBeNull();
    }
  });
});

describe('address_code', () => {
  const codeMail = async (language: 'en' | 'es' | 'pt', validMinutes = 10) =>
    plain(
      await composeMail({
        mail: sampleCodeMail({ language, valid_minutes: validMinutes }),
        config,
        now,
      }),
    );

  test('in Portuguese: the subject and the page language are Portuguese', async () => {
    const mail = await codeMail('pt');
    expect(mail.subject).toBe(pt.addressCode.subject.replace('{{code}}', SAMPLE_CODE));
    expect(mail.html).toContain('lang="pt-BR"');
  });

  test('in English: the code in the subject and the body, how long it lasts, what to do if not asked', async () => {
    const mail = await codeMail('en');
    expect(mail.to).toEqual({ name: '', address: 'maria.castillo@cafeboquete.com.pa' });
    expect(mail.replyTo.address).toBe('bookings@istmo.example');
    expect(mail.subject).toBe(`Your code: ${SAMPLE_CODE}`);
    expect(mail.html).toContain('lang="en"');
    expect(mail.text).toContain('Enter this code on the booking page to confirm your call:');
    expect(mail.text).toContain(SAMPLE_CODE);
    expect(mail.text).toContain('It is valid for 10 minutes.');
    expect(mail.text).toContain('If you did not ask for it, ignore this message: nothing was booked.');
    expect(mail.messageId).toBe('<address_code.43.1@istmo.example>');
  });

  test.each([
    ['en', 'https://istmo.example/booking?address=L1nk_', 'Confirm this address', 'for 24 hours'],
    ['es', 'https://istmo.example/booking?address=L1nk_', 'Confirmar esta dirección', 'durante 24 horas'],
  ] as const)(
    'in %s: the one-time link beside the code, to the booking page',
    async (language, url, button, hours) => {
      const link = `L1nk_${'x'.repeat(38)}`;
      const mail = plain(
        await composeMail({
          mail: sampleCodeMail({ language, link, link_valid_hours: 24 }),
          config,
          now,
        }),
      );
      const href = `${url}${'x'.repeat(38)}${language === 'es' ? '&lang=es' : ''}`;
      expect(mail.html).toContain(`href="${href.replace('&', '&amp;')}"`);
      expect(mail.text).toContain(button);
      expect(mail.text).toContain(hours);
    },
  );

  test('in Spanish, and one minute in the singular', async () => {
    const mail = await codeMail('es');
    expect(mail.subject).toBe(`Tu código: ${SAMPLE_CODE}`);
    expect(mail.html).toContain('lang="es"');
    expect(mail.text).toContain('Escribe este código en la página de reservas para confirmar tu llamada:');
    expect(mail.text).toContain('Es válido por 10 minutos.');
    expect(mail.text).toContain('Si no lo pediste, ignora este mensaje: no se agendó nada.');
    expect((await codeMail('es', 1)).text).toContain('Es válido por 1 minuto.');
    expect((await codeMail('en', 1)).text).toContain('It is valid for 1 minute.');
  });

  test.each(['en', 'es'] as const)(
    'in %s: no text of the booker, no invitation, no link but the site',
    async (language) => {
      const mail = await codeMail(language);
      const booking = sampleBooking();
      for (const part of [mail.subject, mail.text, mail.html])
        for (const typed of [booking.full_name, booking.company_name, booking.phone, 'María', 'Café'])
          expect(part).not.toContain(typed);
      expect(mail.icalEvent).toBeUndefined();
      expect(mail.text).not.toContain('/booking/cancel');
      const links = [...mail.html.matchAll(/href="([^"]*)"/g)].map(([, href]) => href);
      expect(links.every((href) => href?.startsWith('https://istmo.example'))).toBe(true);
      expect(mail.text).toContain('Istmo Digital');
    },
  );
});

describe('an invitation ics refuses (an attendee address it does not take)', () => {
  test.each([
    'booking_confirmation',
    'booking_notice',
    'cancellation_confirmation',
    'cancellation_notice',
    'move_confirmation',
    'move_notice',
  ] as const)('%s goes without it, says why, and does not promise it', async (kind) => {
    const mail = await compose(kind, { email: 'not an address', language: 'en' });
    expect(mail.icalEvent).toBeUndefined();
    expect(mail.invitationProblem).toBe('ics refused attendees[0].email');
    expect(mail.text).not.toMatch(/invitation attached|attachment removes/i);
    expect(mail.text.length).toBeGreaterThan(100);
  });
});
