import {
  MULTI_LINE_COLUMNS,
  STRIPPED_FROM_ONE_LINE,
  bookingFieldProblems,
  type BookingFieldColumn,
  type BookingFieldProblem,
  type BookingFieldValues,
  type BookingInsert,
  type Budget,
  type CompanySize,
  type PreferredTime,
} from 'supabase-schema';

/** The booking form's fields, named as docs/product.md §6 names them. */
export interface BookingFormValues {
  fullName: string;
  email: string;
  phone: string;
  companyName: string;
  website: string;
  industry: string;
  companySize: CompanySize | '';
  currentMarketing: string;
  budget: Budget | '';
  goals: string;
  /** Year-month-day, or empty until a day is picked. */
  preferredDate: string;
  preferredTime: PreferredTime | '';
  additionalInfo: string;
}

export type BookingField = keyof BookingFormValues;

export const EMPTY_BOOKING_FORM: BookingFormValues = {
  fullName: '',
  email: '',
  phone: '',
  companyName: '',
  website: '',
  industry: '',
  companySize: '',
  currentMarketing: '',
  budget: '',
  goals: '',
  preferredDate: '',
  preferredTime: '',
  additionalInfo: '',
};

/** A filled form whose every required field has a value, ready to become a row. */
export type CompleteBookingForm = BookingFormValues & {
  companySize: CompanySize;
  budget: Budget;
  preferredTime: PreferredTime;
};

export function isComplete(values: BookingFormValues): values is CompleteBookingForm {
  return Boolean(values.companySize && values.budget && values.preferredTime && values.preferredDate);
}

/** The column of the row (docs/product.md §6) each field fills. */
const COLUMN_OF_FIELD = {
  fullName: 'full_name',
  email: 'email',
  phone: 'phone',
  companyName: 'company_name',
  website: 'website',
  industry: 'industry',
  companySize: 'company_size',
  currentMarketing: 'current_marketing',
  budget: 'budget',
  goals: 'goals',
  preferredDate: 'preferred_date',
  preferredTime: 'preferred_time',
  additionalInfo: 'additional_info',
} as const satisfies Record<BookingField, BookingFieldColumn>;

const FIELDS = Object.keys(COLUMN_OF_FIELD) as BookingField[];

const CHOSEN_FIELDS: readonly BookingField[] = ['companySize', 'budget', 'preferredTime', 'preferredDate'];
const MULTI_LINE: readonly BookingFieldColumn[] = MULTI_LINE_COLUMNS;
const STRIPPED = new RegExp(STRIPPED_FROM_ONE_LINE, 'g');

/**
 * A one-line field without the invisible characters a copy brings (supabase-schema's
 * STRIPPED_FROM_ONE_LINE), which no reader misses. Taken out as the visitor types too, or the
 * browser's own check of an e-mail would refuse what no one can see.
 */
export function withoutInvisible(field: BookingField, value: string): string {
  return MULTI_LINE.includes(COLUMN_OF_FIELD[field]) ? value : value.replace(STRIPPED, '');
}

/** What the form sends of a text field, and so what is judged: trimmed, without the invisible. */
export function sentText(field: BookingField, value: string): string {
  return withoutInvisible(field, value).trim();
}

/** What the form sends of each field: text as sentText makes it, a choice or date as it is. */
function sentValues(values: BookingFormValues): BookingFieldValues {
  const sent = (field: BookingField) =>
    CHOSEN_FIELDS.includes(field) ? values[field] : sentText(field, values[field]);
  return Object.fromEntries(
    FIELDS.map((field) => [COLUMN_OF_FIELD[field], sent(field)]),
  ) as BookingFieldValues;
}

/** Per field, why the database would refuse what the form would send (supabase-schema's rules), or null. */
export function bookingFormProblems(
  values: BookingFormValues,
): Record<BookingField, BookingFieldProblem | null> {
  const problems = bookingFieldProblems(sentValues(values));
  return Object.fromEntries(FIELDS.map((field) => [field, problems[COLUMN_OF_FIELD[field]]])) as Record<
    BookingField,
    BookingFieldProblem | null
  >;
}

/** The field that fills a column: where a refusal of the database is said. */
export function fieldOfColumn(column: BookingFieldColumn): BookingField {
  const field = FIELDS.find((candidate) => COLUMN_OF_FIELD[candidate] === column);
  if (!field) throw new Error(`No field fills ${column}`);
  return field;
}

export function isBookingField(name: string): name is BookingField {
  return Object.hasOwn(COLUMN_OF_FIELD, name);
}

/** The row of docs/product.md §6: snake_case columns, text as sentText makes it, always pending. */
export function toBookingInsert(values: CompleteBookingForm, id: string): BookingInsert {
  return {
    ...sentValues(values),
    id,
    company_size: values.companySize,
    budget: values.budget,
    preferred_time: values.preferredTime,
    status: 'pending',
  };
}
