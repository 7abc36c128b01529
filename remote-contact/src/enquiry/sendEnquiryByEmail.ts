import { emailJsConfig } from '../config';
import { createEmailJsSender } from './emailJsSender';

/** The page's sender: EmailJS with this build's configuration. */
export const sendEnquiryByEmail = createEmailJsSender(emailJsConfig);
