import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from 'shared-i18n';
import '../i18n';
import { RemoteBoundary } from './RemoteBoundary';
import { RemoteUnavailable } from './RemoteUnavailable';

let pageIsBroken = true;
function RemoteContent() {
  if (pageIsBroken) throw new Error('render failed');
  return <h1>Remote page</h1>;
}

function Harness() {
  return (
    <>
      <p>Layout stays</p>
      <RemoteBoundary
        remote="marketing"
        onRetry={() => undefined}
        fallback={(retry) => <RemoteUnavailable onRetry={retry} />}
      >
        <RemoteContent />
      </RemoteBoundary>
    </>
  );
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => act(() => setLanguage('en')));

test('a remote page that throws while rendering gives the localized fallback, the layout stays', async () => {
  render(<Harness />);
  expect(screen.getByText('Layout stays')).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toContain('This section is temporarily unavailable');
  await act(() => setLanguage('es'));
  expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
});

test('Retry renders the page again once it no longer fails', async () => {
  pageIsBroken = true;
  render(<Harness />);
  pageIsBroken = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(screen.getByRole('heading', { name: 'Remote page' })).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
});
