import type { BookingInsert, Budget, CompanySize, PreferredTime } from 'supabase-schema';

/** The booking form's fields, named as SPEC §3 names them. */
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

/** The row SPEC §7 inserts: snake_case columns, trimmed text, always pending. */
export function toBookingInsert(values: CompleteBookingForm, id: string): BookingInsert {
  return {
    id,
    full_name: values.fullName.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    company_name: values.companyName.trim(),
    website: values.website.trim(),
    industry: values.industry.trim(),
    company_size: values.companySize,
    current_marketing: values.currentMarketing.trim(),
    budget: values.budget,
    goals: values.goals.trim(),
    preferred_date: values.preferredDate,
    preferred_time: values.preferredTime,
    additional_info: values.additionalInfo.trim(),
    status: 'pending',
  };
}
