// The window of busy times the database needs: Panama's today, from its midnight, to the horizon.
import { busyWindow } from './busyWindow';

test("the window starts at Panama's midnight, even when it is already tomorrow in UTC", () => {
  // 02:00 UTC on the 5th is 21:00 on the 4th in Panama.
  expect(busyWindow(new Date('2027-01-05T02:00:00Z'), 90)).toEqual({
    from: new Date('2027-01-04T05:00:00Z'),
    to: new Date('2027-04-05T05:00:00Z'),
  });
});
