/**
 * A refusal of the booking backend (PostgREST's `{code, message, details}` and the HTTP status),
 * read for what the form tells the visitor: the abuse limits, a lost slot, the address step's
 * codes, links and passes, or the one field the database refused.
 */
import {
  ADDRESS_CODE_REFUSED,
  ADDRESS_LINK_REFUSED,
  ADDRESS_NOT_BOOKABLE,
  BOOKING_ADDRESS_UNPROVEN,
  BOOKING_FIELD_COLUMNS,
  BOOKING_LIMIT_REACHED,
  slotRefusalOf,
  type AddressCodeLimit,
  type AddressCodeRefusal,
  type BookingFieldColumn,
  type SlotRefusal,
} from 'supabase-schema';

const CODE_REFUSALS: readonly AddressCodeRefusal[] = ['wrong', 'used_up', 'expired', 'refused'];

/** The limits that leave the mailbox its latest mail's link: the visitor is pointed at it. */
const MAILBOX_LIMITS: readonly AddressCodeLimit[] = ['mailbox_network_codes', 'mailbox_codes'];

/** Postgres's check_violation: the name of the constraint is in the message. */
const CHECK_VIOLATION = '23514';

export class BookingNotStoredError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string = '',
  ) {
    super(message);
  }

  /** The database refused it under its abuse limits (HTTP 429): too many requests for now. */
  get limitReached(): boolean {
    return this.status === 429 || this.code === BOOKING_LIMIT_REACHED;
  }

  /** PT429 `resend_after <n>`: a code went to the address moments ago; another in n seconds. */
  get resendAfterSeconds(): number | null {
    const match = /^resend_after (\d+)/.exec(this.details);
    return this.limitReached && match ? Number(match[1]) : null;
  }

  /** PT429 `limit <name>: …`: which of the database's limits refused it, or null. */
  get limitName(): string | null {
    const match = /^limit ([a-z_]+)/.exec(this.details);
    return this.limitReached && match ? (match[1] ?? null) : null;
  }

  /** The address has had all the codes it may have today (from here, or at all). */
  get mailboxLimited(): boolean {
    return MAILBOX_LIMITS.some((name) => name === this.limitName);
  }

  /** BK007: the code typed was refused, and why. */
  get codeRefusal(): AddressCodeRefusal | null {
    if (this.code !== ADDRESS_CODE_REFUSED) return null;
    return CODE_REFUSALS.find((reason) => this.details === `code_${reason}`) ?? 'wrong';
  }

  /** BK009: the code mail's link is unknown, spent, expired, or for another address. */
  get linkRefused(): boolean {
    return this.code === ADDRESS_LINK_REFUSED;
  }

  /** BK006: the insert's pass is missing, expired or spent: the address must answer a new code. */
  get addressUnproven(): boolean {
    return this.code === BOOKING_ADDRESS_UNPROVEN;
  }

  /** BK008: not an address a booking can carry (the e-mail field's own rule). */
  get addressRefused(): boolean {
    return this.code === ADDRESS_NOT_BOOKABLE;
  }

  /** A CHECK `bookings_<column>_characters_check`: control characters in that column. */
  get refusedCharactersColumn(): BookingFieldColumn | null {
    if (this.code !== CHECK_VIOLATION) return null;
    const text = `${this.message} ${this.details}`;
    return (
      BOOKING_FIELD_COLUMNS.find((column) => text.includes(`bookings_${column}_characters_check`)) ?? null
    );
  }

  /** The database refused the slot: `taken` by someone else, or no longer bookable (too soon, a closure). */
  get slotRefusal(): SlotRefusal | null {
    return slotRefusalOf(this.code);
  }
}
