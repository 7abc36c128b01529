/**
 * How many discovery calls visitors may request, as the migration
 * 20261201090000_limit_booking_requests.sql first sets them in private.booking_limits (an
 * operator may change them there; see README, "Abuse limits"). Local-backend's tests check that
 * the two agree.
 */
export const BOOKING_LIMITS = {
  /** Bookings from one client address (first X-Forwarded-For entry) per hour. */
  per_address: { maxBookings: 5, per: '01:00:00' },
  /** Bookings naming one e-mail address (any letter case) per day. */
  per_email: { maxBookings: 3, per: '1 day' },
  /** Bookings from all visitors together per hour. */
  site_wide: { maxBookings: 30, per: '01:00:00' },
} as const;

export type BookingLimitName = keyof typeof BOOKING_LIMITS;

/**
 * The SQLSTATE the database raises when a limit is reached; PostgREST answers it with HTTP 429
 * and this code in the error body.
 */
export const BOOKING_LIMIT_REACHED = 'PT429';
