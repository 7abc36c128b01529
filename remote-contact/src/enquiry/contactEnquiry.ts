/**
 * The enquiry a visitor sends from the contact page (docs/product.md §5): the form's fields, which
 * are also the EmailJS template params, so the e-mail template reads exactly what the visitor
 * typed.
 */
export interface ContactEnquiry {
  name: string;
  email: string;
  company: string;
  phone: string;
  /** One of ENQUIRY_SERVICES, or empty when the visitor chose none. */
  service: EnquiryService | '';
  message: string;
}

export type EnquiryField = keyof ContactEnquiry;

/** The services a visitor can ask about; each has a label per language in the locales. */
export const ENQUIRY_SERVICES = ['SEO', 'PPC', 'Social', 'Content', 'Web', 'Analytics'] as const;
export type EnquiryService = (typeof ENQUIRY_SERVICES)[number];

export function isEnquiryService(value: string): value is EnquiryService {
  return (ENQUIRY_SERVICES as readonly string[]).includes(value);
}

export const EMPTY_ENQUIRY: ContactEnquiry = {
  name: '',
  email: '',
  company: '',
  phone: '',
  service: '',
  message: '',
};

/**
 * Longest text each field accepts, in characters. The same limits as the booking form where the
 * fields mean the same (supabase/src/bookingRules.ts): a name, an address, a company, a phone.
 */
export const ENQUIRY_MAX_LENGTH = {
  name: 120,
  email: 254,
  company: 160,
  phone: 32,
  message: 4000,
} as const satisfies Partial<Record<EnquiryField, number>>;
