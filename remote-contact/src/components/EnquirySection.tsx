import { useRef } from 'react';
import { flushSync } from 'react-dom';
import type { EnquirySender } from '../enquiry/enquirySender';
import { useContactForm } from '../enquiry/useContactForm';
import { ContactForm } from './ContactForm';
import { ThankYou } from './ThankYou';

/** The enquiry form and, once sent, the thank-you view; the sender is whatever the page passes. */
export function EnquirySection({ sendEnquiry }: { sendEnquiry: EnquirySender }) {
  const { status, enquiry, edit, submit, startOver } = useContactForm(sendEnquiry);
  const nameInput = useRef<HTMLInputElement>(null);

  function sendAnother() {
    // The form must be back on the page before its first field can take the focus.
    flushSync(startOver);
    nameInput.current?.focus();
  }

  return (
    <div className="contact-enquiry">
      {status === 'sent' ? (
        <ThankYou onSendAnother={sendAnother} />
      ) : (
        <ContactForm
          enquiry={enquiry}
          status={status}
          onEdit={edit}
          onSubmit={(honeypot) => void submit(honeypot)}
          nameInputRef={nameInput}
        />
      )}
    </div>
  );
}
