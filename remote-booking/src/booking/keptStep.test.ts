import { keepStep, readKeptStep } from './keptStep';

const step = { email: 'ana@tienda.pa', attempt: 'a'.repeat(43), resendAt: 30_000, validUntil: 600_000 };

beforeEach(() => sessionStorage.clear());

test('a kept step comes back while its code works, and not after', () => {
  keepStep({ ...step, code: '12', note: 'sent', problem: null, waitSeconds: 0 } as typeof step);
  expect(readKeptStep(599_999)).toEqual(step);
  expect(readKeptStep(600_000)).toBeNull();
});

test('a closed step is forgotten, and what is not a step is ignored', () => {
  keepStep(step);
  keepStep(null);
  expect(readKeptStep(0)).toBeNull();
  sessionStorage.setItem('remote-booking:code-step', '{"email":1}');
  expect(readKeptStep(0)).toBeNull();
  sessionStorage.setItem('remote-booking:code-step', 'not json');
  expect(readKeptStep(0)).toBeNull();
});

test('only the address, the attempt and the waits are kept, never the typed code', () => {
  keepStep({ ...step, code: '123456' } as typeof step);
  expect(sessionStorage.getItem('remote-booking:code-step')).not.toContain('123456');
});
