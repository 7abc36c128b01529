export { startLocalBackend, type RunningBackend } from './startLocalBackend';
export { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY, DEFAULT_EMAILJS_ACCOUNT } from './config';
/** For end-to-end tests that book through the REST API as the form does (a proof of work per insert). */
export { bookingProof } from './testing/testBackend';
