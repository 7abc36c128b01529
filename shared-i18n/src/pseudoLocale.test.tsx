import { render } from '@testing-library/react';
import { I18nextProvider, Trans, useTranslation } from 'react-i18next';
import { findUnmarkedText, pseudoLocalize } from './translationChecks';
import { createRequestI18n, i18n } from './i18n';

test('every string of the tree is marked, and what is not a string is kept', () => {
  expect(
    pseudoLocalize({ a: 'Home', b: { c: ['One', 'Two'], d: 3, e: true, f: null }, g_one: '{{count}} day' }),
  ).toEqual({ a: '⟦Home⟧', b: { c: ['⟦One⟧', '⟦Two⟧'], d: 3, e: true, f: null }, g_one: '⟦{{count}} day⟧' });
});

test('placeholders stay inside the markers and Trans tags outside them, intact', () => {
  expect(pseudoLocalize('Hello {{name}}, welcome')).toBe('⟦Hello {{name}}, welcome⟧');
  expect(pseudoLocalize('Write to <emailLink>{{email}}</emailLink> or call <1>us</1>.')).toBe(
    '⟦Write to⟧ <emailLink>⟦{{email}}⟧</emailLink> ⟦or call⟧ <1>⟦us⟧</1>⟦.⟧',
  );
  expect(pseudoLocalize('<strong>Free</strong><br/>call')).toBe('<strong>⟦Free⟧</strong><br/>⟦call⟧');
});

test('text rendered from pseudo-localized strings, with its placeholders and tags, is all marked', () => {
  const strings = pseudoLocalize({
    greeting: 'Hello {{name}}',
    note: 'Read our <privacyLink>privacy policy</privacyLink> or <0>write</0>.',
    label: 'Close',
  });
  i18n.addResourceBundle('en', 'pseudo-test', strings);
  const instance = createRequestI18n('en');
  function Page() {
    const { t } = useTranslation('pseudo-test');
    return (
      <main>
        <p>{t('greeting', { name: 'Ana' })}</p>
        <p>
          <Trans
            t={t}
            i18nKey="note"
            components={{ privacyLink: <a href="/privacy" />, 0: <a href="mailto:a@b.example" /> }}
          />
        </p>
        <button aria-label={t('label')}>×</button>
      </main>
    );
  }
  const { container } = render(
    <I18nextProvider i18n={instance}>
      <Page />
    </I18nextProvider>,
  );
  expect(container.textContent).toContain('⟦privacy policy⟧');
  expect(findUnmarkedText(container)).toEqual([]);
});

test('text and read attributes with letters outside the markers are reported, hidden markup is not', () => {
  document.body.innerHTML = `
    <div id="page">
      <h1>⟦Welcome⟧ to our site</h1>
      <p>⟦Price:⟧ $500 ⟦per month⟧</p>
      <img alt="A chart" src="x.png" />
      <input placeholder="⟦Your name⟧" title="Name" />
      <textarea placeholder="Message">Typed by the visitor</textarea>
      <button aria-label="Open ⟦menu⟧">≡</button>
      <span aria-hidden="true">Shown anyway</span>
      <script>var hidden = "code";</script>
      <style>.a { color: red; }</style>
      <template><p>Not rendered</p></template>
      <noscript>Enable scripts</noscript>
    </div>`;
  expect(findUnmarkedText(document.getElementById('page') as HTMLElement)).toEqual([
    '<h1>: to our site',
    '<span>: Shown anyway',
    '<img> alt: A chart',
    '<input> title: Name',
    '<textarea> placeholder: Message',
    '<button> aria-label: Open',
  ]);
});

test('allowed names and patterns, addresses, URLs and the languages own names are not reported', () => {
  document.body.innerHTML = `
    <footer id="footer">
      <p>Istmo Digital</p>
      <a href="mailto:hello@example.com">hello@example.com</a>
      <a href="https://example.com/x">https://example.com/x</a>
      <p>+507 6000-0000</p>
      <p>2026</p>
      <ul><li>English</li><li>Español</li><li>Português</li></ul>
      <p>Monday, March 2</p>
      <p>⟦Made by⟧ Istmo Digital ⟦in⟧ Panama</p>
      <p>⟦Services⟧ | Istmo Digital</p>
      <p>⟦Services⟧ | Istmo Digital Labs</p>
    </footer>`;
  expect(
    findUnmarkedText(document.getElementById('footer') as HTMLElement, [
      'Istmo Digital',
      /^\w+day, \w+ \d+$/,
    ]),
  ).toEqual(['<p>: Panama', '<p>: | Istmo Digital Labs']);
});
