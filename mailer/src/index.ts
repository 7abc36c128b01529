/**
 * The mailer's API (dist/index.js): the service to start in a process (startMailer), MailDev for
 * local use and tests (startMailDev), a reader of its inbox (mailDevInbox), the local agency's
 * calendar feed for `npm start` (serveLocalAgencyCalendar), and a CalDAV server for the tests
 * (startRadicale).
 */
export { startMailer, type RunningMailer } from './startMailer';
export {
  resolveMailerConfig,
  MailerConfigError,
  LOCAL_SERVICE_ROLE_KEY,
  type MailerConfig,
  type Language,
} from './config';
export { startMailDev, type MailDevOptions, type RunningMailDev } from './maildev/startMailDev';
export {
  mailDevInbox,
  type MailDevInbox,
  type MailDevMessage,
  type MailDevAttachment,
  type MailDevAddress,
  type WaitOptions,
} from './maildev/mailDevInbox';
export { ensureRadicale, startRadicale, RADICALE_MISSING, type RunningRadicale } from './testing/radicale';
export { serveLocalAgencyCalendar, type LocalAgencyCalendar } from './calendar/localAgencyCalendar';
