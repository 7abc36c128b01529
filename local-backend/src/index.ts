export { startLocalBackend, type RunningBackend } from './startLocalBackend';
export { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY, DEFAULT_EMAILJS_ACCOUNT } from './config';
export { callFrom, bookingProof, requestCode, type Answer } from './scriptedCalls';
