/** "Tuesday, January 5, 2027" / "Martes, 5 de enero de 2027": a Panama day ('YYYY-MM-DD') as the page names it. */
export function formatCallDay(day: string, language: string): string {
  // The day is a calendar day, not an instant: read and written in UTC, it stays that day anywhere.
  const text = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}
