/**
 * The production limits as the migrations 20261201090000_limit_booking_requests.sql and
 * 20261230090000_trusted_client_address.sql (per_network) seed them in
 * private.booking_limits, which is where they are set and read (an operator may change them there;
 * see docs/backend.md, "Abuse limits"). This copy is for the local backend, which restores them when told
 * to keep production limits, and for tests; local-backend's tests check it matches the migration.
 */
export const BOOKING_LIMITS = {
  /** Bookings from one client address (the entry the trusted gateway wrote) per hour. */
  per_address: { maxBookings: 10, per: '01:00:00' },
  /** Bookings from one /24 (IPv4) or /48 (IPv6) network per hour. */
  per_network: { maxBookings: 20, per: '01:00:00' },
  /** Bookings naming one e-mail address (any letter case) per 24 hours. */
  per_email: { maxBookings: 3, per: '24:00:00' },
  /** Bookings from all visitors together per minute (protects the table when addresses rotate). */
  site_wide: { maxBookings: 120, per: '00:01:00' },
} as const;

export type BookingLimitName = keyof typeof BOOKING_LIMITS;

/**
 * The SQLSTATE the database raises when a limit is reached; PostgREST answers it with HTTP 429
 * and this code in the error body.
 */
export const BOOKING_LIMIT_REACHED = 'PT429';
