import { useCallback, useReducer, useRef } from 'react';
import type { ContactEnquiry, EnquiryField } from './contactEnquiry';
import { contactFormReducer, INITIAL_CONTACT_FORM } from './contactFormState';
import type { EnquirySender } from './enquirySender';
import { describeSendFailure, TOO_MANY_REQUESTS } from './sendFailure';

/**
 * The contact form's state machine bound to a sender (the EmailJS one on the page, a stand-in in
 * tests). Every way a send can fail ends in one console error and the "failed" state, or
 * "limited" when it was refused for too many messages in a short time (429).
 */
export function useContactForm(sendEnquiry: EnquirySender) {
  const [state, dispatch] = useReducer(contactFormReducer, INITIAL_CONTACT_FORM);
  // A second submit before React re-renders (a double click) must not send twice.
  const sending = useRef(false);

  const edit = useCallback(
    <Field extends EnquiryField>(field: Field, value: ContactEnquiry[Field]) =>
      dispatch({ type: 'edit', changes: { [field]: value } }),
    [],
  );

  /** `honeypot`: what the form's trap field holds; a bot that filled it is told "sent", nothing is sent. */
  const submit = useCallback(
    async (honeypot = '') => {
      if (sending.current) return;
      if (honeypot !== '') {
        dispatch({ type: 'sent' });
        return;
      }
      sending.current = true;
      dispatch({ type: 'submit' });
      try {
        await sendEnquiry(state.enquiry);
        dispatch({ type: 'sent' });
      } catch (error) {
        const failure = describeSendFailure(error);
        console.error(
          `[remote-contact] The enquiry was not sent (status ${failure.status}): ${failure.text}`,
        );
        dispatch({ type: 'failed', limited: failure.status === TOO_MANY_REQUESTS });
      } finally {
        sending.current = false;
      }
    },
    [sendEnquiry, state.enquiry],
  );

  const startOver = useCallback(() => dispatch({ type: 'startOver' }), []);

  return { status: state.status, enquiry: state.enquiry, edit, submit, startOver };
}
