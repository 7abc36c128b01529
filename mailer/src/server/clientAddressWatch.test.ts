// The unreadable-client-address warning: not on the first reading, once when the count grows,
// at most once a minute, counting what grew meanwhile; a count that went down starts again.
import type { Log } from '../log';
import { createClientAddressWatch } from './clientAddressWatch';

test('warns on growth at most once a minute, with what grew since the last warning', () => {
  const warnings: string[] = [];
  const log: Log = { debug() {}, info() {}, warn: (line) => warnings.push(line), error() {} };
  let clock = 0;
  const watch = createClientAddressWatch(log, () => clock);
  watch.saw(10);
  watch.saw(10);
  expect(warnings).toEqual([]);
  watch.saw(12);
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatch(
    /^2 booking request\(s\) .*\(12 in all\).*docs\/backend\.md#the-client-address$/,
  );
  clock = 30_000;
  watch.saw(13);
  expect(warnings).toHaveLength(1);
  clock = 61_000;
  watch.saw(14);
  expect(warnings).toHaveLength(2);
  expect(warnings[1]).toMatch(/^2 booking request\(s\) .*\(14 in all\)/);
  // The database's count was reset: a new baseline, no warning.
  clock = 200_000;
  watch.saw(1);
  expect(warnings).toHaveLength(2);
  watch.saw(2);
  expect(warnings).toHaveLength(3);
});
