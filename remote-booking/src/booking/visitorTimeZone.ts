// The visitor's time zone as the browser names it, sent with a booking so its e-mails can show the
// call's time in the visitor's own zone too.

/** The browser's IANA zone ("America/Bogota"), or null when it names none that Intl accepts. */
export function visitorTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/** What an IANA zone name is made of: also all a request header may carry safely. */
const ZONE_NAME = /^[A-Za-z0-9_+\-/]+$/;

/** A zone name that Intl can format in (so the database knows it too) and a header can carry. */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !ZONE_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
