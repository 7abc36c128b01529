import emailjs from '@emailjs/browser';
import type { EmailJsConfig } from '../config';
import type { ContactEnquiry } from './contactEnquiry';
import type { EnquirySender } from './enquirySender';

/**
 * An enquiry sender that goes through the EmailJS SDK (SPEC §7). The SDK keeps its settings in a
 * module-wide store and takes its API origin only from init(), so it is initialised once, on the
 * first send, rather than when the page is merely imported.
 */
export function createEmailJsSender(config: EmailJsConfig): EnquirySender {
  let initialised = false;
  return async (enquiry: ContactEnquiry) => {
    if (!initialised) {
      emailjs.init({
        publicKey: config.publicKey,
        origin: config.origin,
        blockHeadless: config.blockHeadless,
      });
      initialised = true;
    }
    const { name, email, company, phone, service, message } = enquiry;
    await emailjs.send(config.serviceId, config.templateId, {
      name,
      email,
      company,
      phone,
      service,
      message,
    });
  };
}
