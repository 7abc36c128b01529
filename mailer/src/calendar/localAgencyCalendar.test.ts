// The local agency's calendar (`npm start`): served over HTTP and read as the mailer reads any
// feed, it keeps the agency busy on Monday at 10:00, Wednesday afternoon and Friday at 9:00 Panama.
import { feedSource } from './calendarSource';
import { serveLocalAgencyCalendar } from './localAgencyCalendar';

test('the local feed gives a week of recurring busy blocks, in Panama time', async () => {
  const calendar = await serveLocalAgencyCalendar();
  try {
    // Monday 4 to Sunday 10 January 2027, Panama days (UTC-5).
    const week = { from: new Date('2027-01-04T05:00:00Z'), to: new Date('2027-01-11T05:00:00Z') };
    expect(await feedSource(calendar.url).busyIntervals(week)).toEqual([
      { starts_at: '2027-01-04T15:00:00.000Z', ends_at: '2027-01-04T16:00:00.000Z' },
      { starts_at: '2027-01-06T19:00:00.000Z', ends_at: '2027-01-06T20:30:00.000Z' },
      { starts_at: '2027-01-08T14:00:00.000Z', ends_at: '2027-01-08T15:00:00.000Z' },
    ]);
  } finally {
    await calendar.close();
  }
});
