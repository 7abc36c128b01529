import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { screen } from '@testing-library/react';
import { useHydrated } from './useHydrated';

function SendButton() {
  return <button disabled={!useHydrated()}>Send</button>;
}

test('a button that needs the page to run is disabled in the server HTML and enabled once hydrated', async () => {
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(<SendButton />);
  expect(screen.getByRole('button')).toHaveProperty('disabled', true);
  await act(async () => {
    hydrateRoot(container, <SendButton />);
  });
  expect(screen.getByRole('button')).toHaveProperty('disabled', false);
});
