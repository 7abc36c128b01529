/** Claimed messages as claim_mail gives them (about a booking, a code, a calendar event), and a mailer configuration, for the unit tests. */
import type {
  ClaimedBookingMail,
  ClaimedCalendarEvent,
  ClaimedCodeMail,
  CodeAddress,
  MailBooking,
} from 'supabase-schema';
import { resolveMailerConfig, type MailerConfig } from '../config';

export const SAMPLE_TOKEN = 'Abc_DEF-123abcdefghijklmnopqrstuvwxyz012345';

/** A call on Monday 4 January 2027 at 9:00 in Panama (14:00 UTC), booked from Buenos Aires in Spanish. */
export function sampleBooking(overrides: Partial<MailBooking> = {}): MailBooking {
  return {
    id: '7a1c2f0e-5b8d-4c3e-9f6a-1d2e3f4a5b6c',
    created_at: '2026-12-28T15:04:05.123+00:00',
    full_name: 'María Fernanda Castillo',
    email: 'maria.castillo@cafeboquete.com.pa',
    phone: '+507 6123-4567',
    company_name: 'Café Boquete S.A.',
    website: 'https://cafeboquete.com.pa',
    industry: 'Food & Beverage',
    company_size: '11-50',
    current_marketing: 'Instagram posts twice a week,\nno paid ads.',
    budget: '1000-2500',
    goals: 'Sell more coffee online to customers in the US and Europe.',
    preferred_date: '2027-01-04',
    preferred_time: '9:00 AM',
    additional_info: '',
    status: 'pending',
    language: 'es',
    time_zone: 'America/Argentina/Buenos_Aires',
    starts_at: '2027-01-04T14:00:00+00:00',
    duration_minutes: 30,
    invitation_sequence: 0,
    moved_from: null,
    ...overrides,
  };
}

export function sampleMail(
  kind: ClaimedBookingMail['kind'],
  booking: Partial<MailBooking> = {},
): ClaimedBookingMail {
  const showsCancelLink = ['booking_confirmation', 'booking_reminder', 'move_confirmation'].includes(kind);
  return {
    message_id: 42,
    kind,
    attempt: 1,
    due_seconds: 0,
    cancel_token: showsCancelLink ? SAMPLE_TOKEN : null,
    booking: sampleBooking(kind.startsWith('move_') ? { ...SAMPLE_MOVE, ...booking } : booking),
  };
}

/**
 * The sample call moved (its first move) from Monday 4 January 2027, 9:00, to Wednesday 6 January,
 * 2:00 PM in Panama (19:00 UTC).
 */
export const SAMPLE_MOVE: Partial<MailBooking> = {
  preferred_date: '2027-01-06',
  preferred_time: '2:00 PM',
  starts_at: '2027-01-06T19:00:00+00:00',
  invitation_sequence: 1,
  moved_from: {
    preferred_date: '2027-01-04',
    preferred_time: '9:00 AM',
    starts_at: '2027-01-04T14:00:00+00:00',
  },
};

/** The sample booking's event for the agency's calendar. */
export function sampleCalendarEvent(booking: Partial<MailBooking> = {}): ClaimedCalendarEvent {
  return {
    message_id: 44,
    kind: 'calendar_event',
    attempt: 1,
    due_seconds: 0,
    booking: sampleBooking(booking),
  };
}

export const SAMPLE_CODE = '048213';

/** A code to the sample booking's address, in Spanish, valid for 10 minutes. */
export function sampleCodeMail(address: Partial<CodeAddress> = {}): ClaimedCodeMail {
  return {
    message_id: 43,
    kind: 'address_code',
    attempt: 1,
    due_seconds: 0,
    code: SAMPLE_CODE,
    address: { email: sampleBooking().email, language: 'es', valid_minutes: 10, ...address },
  };
}

export function sampleConfig(overrides: Partial<MailerConfig> = {}): MailerConfig {
  return resolveMailerConfig(
    {
      agencyInbox: 'bookings@istmo.example',
      site: {
        organizationName: 'Istmo Digital',
        phone: '+507 6000-0000',
        email: 'hola@istmo.example',
        url: 'https://istmo.example',
        privacyOfficer: { name: 'Istmo Digital', email: 'privacidad@istmo.example' },
      },
      ...overrides,
    },
    {},
  );
}
