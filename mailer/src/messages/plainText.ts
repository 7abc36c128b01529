/**
 * Text a booker typed, made plain at the boundary where it enters another format: a mail header
 * or a calendar line. The database refuses control characters at the source (one-line fields none,
 * multi-line fields LF only); this is the second wall, so a row that got past the first (an older
 * row, an edit in the SQL editor) still cannot start a header or a calendar property of its own.
 *
 * Besides \p{Cc} (CR, LF, NEL U+0085, tabs, ...), U+2028 and U+2029 go too: some parsers break
 * lines on them.
 */

const CONTROL_RUN = /[\p{Cc}\u2028\u2029]+/gu;

/** One line (a header value, a subject, a calendar parameter): every run of control characters becomes one space. */
export function oneLine(text: string): string {
  return text.replace(CONTROL_RUN, ' ');
}

/**
 * Lines (an iCalendar DESCRIPTION, whose LF `ics` escapes as `\n`): a CRLF becomes LF, LF stays,
 * and every other run of control characters becomes one space (a lone CR too: `ics` would write it raw).
 */
export function plainLines(text: string): string {
  return text.replace(/\r\n/g, '\n').split('\n').map(oneLine).join('\n');
}
