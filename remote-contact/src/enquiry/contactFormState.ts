import { EMPTY_ENQUIRY, type ContactEnquiry } from './contactEnquiry';

/**
 * The contact form's states (docs/product.md §5); `limited` is a failure because too many messages
 * were sent in a short time (429), which the visitor is told apart from other failures.
 */
export type ContactFormStatus = 'idle' | 'submitting' | 'sent' | 'failed' | 'limited';

export interface ContactFormState {
  status: ContactFormStatus;
  enquiry: ContactEnquiry;
}

export type ContactFormEvent =
  | { type: 'edit'; changes: Partial<ContactEnquiry> }
  | { type: 'submit' }
  | { type: 'sent' }
  | { type: 'failed'; limited: boolean }
  | { type: 'startOver' };

export const INITIAL_CONTACT_FORM: ContactFormState = { status: 'idle', enquiry: EMPTY_ENQUIRY };

/**
 * idle → submitting → sent (fields emptied) or failed/limited (fields kept, can be sent again);
 * sent → idle with "Send Another Message". Submitting twice at once is not possible.
 */
export function contactFormReducer(state: ContactFormState, event: ContactFormEvent): ContactFormState {
  switch (event.type) {
    case 'edit':
      return { ...state, enquiry: { ...state.enquiry, ...event.changes } };
    case 'submit':
      return state.status === 'submitting' ? state : { ...state, status: 'submitting' };
    case 'sent':
      return { status: 'sent', enquiry: EMPTY_ENQUIRY };
    case 'failed':
      return { ...state, status: event.limited ? 'limited' : 'failed' };
    case 'startOver':
      return INITIAL_CONTACT_FORM;
  }
}
