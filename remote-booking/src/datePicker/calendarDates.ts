/** The visitor's today, at local midnight: the earliest day the picker offers (docs/product.md §6). */
export function startOfToday(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

export function startOfMonth(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), 1);
}

export function isBeforeToday(day: Date, now = new Date()): boolean {
  return day < startOfToday(now);
}

/** Year-month-day of a local date, as the preferred_date column stores it. */
export function toIsoDate(day: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

export function fromIsoDate(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** "Tuesday, December 1, 2026" / "martes, 1 de diciembre de 2026". */
export function formatLongDate(day: Date, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full' }).format(day);
}

export function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
