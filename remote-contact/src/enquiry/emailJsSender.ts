import emailjs from '@emailjs/browser';
import type { EmailJsConfig } from '../config';
import type { ContactEnquiry } from './contactEnquiry';
import type { EnquirySender } from './enquirySender';
import { describeSendFailure, TOO_MANY_REQUESTS } from './sendFailure';

/** Where the SDK's limitRate keeps the time of this browser's last message (localStorage). */
export const THROTTLE_STORAGE_KEY = 'contact-enquiry';

/**
 * The SDK's limitRate store: localStorage, as the SDK's own, but one that a browser refusing
 * storage (private modes, blocked cookies) cannot make fail: the limit is then simply not kept.
 */
const throttleStorage = {
  get: async (key: string) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: async (key: string, value: string) => {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Nothing to remember the last message in: the limit is not kept.
    }
  },
  remove: async (key: string) => {
    try {
      localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
};

/**
 * An enquiry sender that goes through the EmailJS SDK (docs/product.md §5). The SDK keeps its
 * settings in a module-wide store and takes its API origin only from init(), so it is initialised
 * once, on the first send, rather than when the page is merely imported.
 */
export function createEmailJsSender(config: EmailJsConfig): EnquirySender {
  let initialised = false;
  return async (enquiry: ContactEnquiry) => {
    if (!initialised) {
      emailjs.init({
        publicKey: config.publicKey,
        origin: config.origin,
        blockHeadless: config.blockHeadless,
        limitRate: { id: THROTTLE_STORAGE_KEY, throttle: config.throttleMs },
        storageProvider: throttleStorage,
      });
      initialised = true;
    }
    const { name, email, company, phone, service, message } = enquiry;
    try {
      await emailjs.send(config.serviceId, config.templateId, {
        name,
        email,
        company,
        phone,
        service,
        message,
      });
    } catch (error) {
      // The SDK notes the time before it sends: a message that did not go out must not hold up
      // the visitor's retry. A 429 (this limit, or EmailJS's own) keeps the time it had.
      if (describeSendFailure(error).status !== TOO_MANY_REQUESTS) {
        await throttleStorage.remove(THROTTLE_STORAGE_KEY);
      }
      throw error;
    }
  };
}
