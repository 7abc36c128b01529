// The retry policy the mailer hands mail_failed: doubling delays up to the cap, null (give up) for a
// permanent SMTP answer or after the last attempt.
import { backoffSeconds, isPermanentSmtpFailure, retryAfterSeconds } from './retryPolicy';

const settings = { backoffBaseSeconds: 15, backoffCapSeconds: 600, maxAttempts: 8 };

test('min(15 s * 2^(attempt-1), 10 min)', () => {
  expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => backoffSeconds(attempt, settings))).toEqual([
    15, 30, 60, 120, 240, 480, 600,
  ]);
  expect(backoffSeconds(500, settings)).toBe(600);
});

test('a connection failure or a 4xx answer is tried again; a 5xx answer is given up, but 503', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' });
  expect(retryAfterSeconds(refused, 1, settings)).toBe(15);
  expect(retryAfterSeconds({ responseCode: 451 }, 2, settings)).toBe(30);
  expect(retryAfterSeconds({ responseCode: 550, permanent: true }, 1, settings)).toBeNull();
  expect(isPermanentSmtpFailure({ responseCode: 552 })).toBe(true);
  expect(isPermanentSmtpFailure({ responseCode: 503 })).toBe(false);
  expect(isPermanentSmtpFailure({ responseCode: 421 })).toBe(false);
  expect(isPermanentSmtpFailure(new Error('boom'))).toBe(false);
});

test('after the last allowed attempt the message is given up', () => {
  expect(retryAfterSeconds(new Error('timeout'), 7, settings)).toBe(600);
  expect(retryAfterSeconds(new Error('timeout'), 8, settings)).toBeNull();
});
