import { ContactDetails } from '../components/ContactDetails';
import { ContactHero } from '../components/ContactHero';
import { ContactMetadata } from '../metadata/ContactMetadata';
import { EnquirySection } from '../components/EnquirySection';
import { sendEnquiryByEmail } from '../enquiry/sendEnquiryByEmail';
import { NoScriptNotice } from '../components/NoScriptNotice';
import './ContactPage.css';

/** /contact (docs/product.md §2): exposed to the shell as ./ContactPage, a default export without props. */
export default function ContactPage() {
  return (
    <div className="contact-page">
      <ContactMetadata />
      <ContactHero />
      <div className="contact-page__body site-container">
        <ContactDetails />
        <div>
          <NoScriptNotice />
          <EnquirySection sendEnquiry={sendEnquiryByEmail} />
        </div>
      </div>
    </div>
  );
}
