import type { ContactEnquiry } from './contactEnquiry';

/** Sends one enquiry; resolves once it is accepted, rejects with whatever the transport reports. */
export type EnquirySender = (enquiry: ContactEnquiry) => Promise<void>;
