/**
 * Text a booker typed, made plain at the boundary where it enters another format: a mail header
 * or a calendar line. The database refuses control characters at the source (one-line fields none,
 * multi-line fields LF only); this is the second wall, so a row that got past the first (an older
 * row, an edit in the SQL editor) still cannot start a header or a calendar property of its own.
 *
 * Besides \p{Cc} (CR, LF, NEL U+0085, tabs, ...), U+2028 and U+2029 go too: some parsers break
 * lines on them. The direction and invisible characters the database refuses (supabase-schema's
 * DIRECTION_CHARACTERS, INVISIBLE_CHARACTERS) are taken out everywhere a booker's text is shown,
 * so no name can turn a subject or an invitation's line around.
 */
import { DIRECTION_CHARACTERS, INVISIBLE_CHARACTERS } from 'supabase-schema';

const CONTROL_RUN = /[\p{Cc}\u2028\u2029]+/gu;
const HIDDEN = new RegExp(`[${DIRECTION_CHARACTERS}${INVISIBLE_CHARACTERS}]`, 'gu');

/** The text as it reads: without direction-changing or invisible characters. */
export function visibleText(text: string): string {
  return text.replace(HIDDEN, '');
}

/** One line (a header value, a subject, a calendar parameter): every run of control characters becomes one space. */
export function oneLine(text: string): string {
  return visibleText(text.replace(CONTROL_RUN, ' '));
}

/**
 * Lines (an iCalendar DESCRIPTION, whose LF `ics` escapes as `\n`): a CRLF becomes LF, LF stays,
 * and every other run of control characters becomes one space (a lone CR too: `ics` would write it raw).
 */
export function plainLines(text: string): string {
  return text.replace(/\r\n/g, '\n').split('\n').map(oneLine).join('\n');
}
