import { act, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { screen } from '@testing-library/react';
import { SubmitButton } from './SubmitButton';

function serverRenderThenHydrate(render: () => ReactNode): Promise<void> {
  const container = document.createElement('div');
  document.body.replaceChildren(container);
  container.innerHTML = renderToString(render());
  expect(screen.getByRole('button')).toHaveProperty('disabled', true);
  return act(async () => {
    hydrateRoot(container, render());
  });
}

test('is disabled in the server HTML, and once hydrated only while its form says so', async () => {
  await serverRenderThenHydrate(() => <SubmitButton>Send</SubmitButton>);
  const button = screen.getByRole('button', { name: 'Send' });
  expect(button).toHaveProperty('disabled', false);
  expect(button).toHaveProperty('type', 'submit');

  await serverRenderThenHydrate(() => <SubmitButton disabled>Sending…</SubmitButton>);
  expect(screen.getByRole('button', { name: 'Sending…' })).toHaveProperty('disabled', true);
});

test('hydration enables the button without rendering its form again', async () => {
  let formRenders = 0;
  function Form() {
    formRenders += 1;
    return (
      <form>
        <input name="email" />
        <SubmitButton>Send</SubmitButton>
      </form>
    );
  }
  await serverRenderThenHydrate(() => <Form />);
  expect(screen.getByRole('button')).toHaveProperty('disabled', false);
  // One render on the server, one to hydrate: none after.
  expect(formRenders).toBe(2);
});
