import { useRef, useState } from 'react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { fireEvent, screen } from '@testing-library/react';
import { useValuesTypedBeforeHydration } from './useValuesTypedBeforeHydration';

const EMPTY = { name: '', topic: 'general', message: '' };

/** A controlled form, as the booking and contact forms are, that shows its state. */
function Form({ keepTypedText }: { keepTypedText: boolean }) {
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY);
  const set = (field: keyof typeof EMPTY, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const adopt = keepTypedText ? set : () => undefined;
  useValuesTypedBeforeHydration(form, values, adopt);
  return (
    <form ref={form}>
      <input
        aria-label="Name"
        name="name"
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
      />
      <select
        aria-label="Topic"
        name="topic"
        value={values.topic}
        onChange={(e) => set('topic', e.target.value)}
      >
        <option value="general">General</option>
        <option value="seo">SEO</option>
      </select>
      <textarea
        aria-label="Message"
        name="message"
        value={values.message}
        onChange={(e) => set('message', e.target.value)}
      />
      <input aria-label="Trap" name="homepage" defaultValue="" />
      <output>{JSON.stringify(values)}</output>
    </form>
  );
}

/** The server's HTML, changed by the visitor, then hydrated; then the visitor types in another field. */
async function typeBeforeHydration(keepTypedText: boolean) {
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(<Form keepTypedText={keepTypedText} />);
  (container.querySelector('[name="name"]') as HTMLInputElement).value = 'María';
  (container.querySelector('[name="topic"]') as HTMLSelectElement).value = 'seo';
  (container.querySelector('[name="homepage"]') as HTMLInputElement).value = 'bot';
  await act(async () => {
    hydrateRoot(container, <Form keepTypedText={keepTypedText} />);
  });
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hola' } });
  return container;
}

afterEach(() => {
  document.body.innerHTML = '';
});

test('text typed before hydration stays in its field and reaches the form state', async () => {
  await typeBeforeHydration(true);
  expect(screen.getByLabelText('Name')).toHaveProperty('value', 'María');
  expect(screen.getByLabelText('Topic')).toHaveProperty('value', 'seo');
  // Only the form's own fields are adopted: the honeypot stays out of its state.
  expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({
    name: 'María',
    topic: 'seo',
    message: 'Hola',
  });
});

test('without it, the next render of the form wipes what was typed before hydration', async () => {
  await typeBeforeHydration(false);
  expect(screen.getByLabelText('Name')).toHaveProperty('value', '');
});
