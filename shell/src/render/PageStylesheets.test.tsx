import { renderToStaticMarkup } from 'react-dom/server';
import { INLINE_STYLESHEET_MAX_CHARS, PageStylesheets } from './PageStylesheets';

describe('the stylesheets in the HTML', () => {
  const render = (stylesheets: Parameters<typeof PageStylesheets>[0]['stylesheets']) =>
    renderToStaticMarkup(
      <html>
        <head>
          <PageStylesheets stylesheets={stylesheets} />
        </head>
        <body />
      </html>,
    );

  test('are written in order, one tag per file named by its URL, as a CSS loader looks for it', () => {
    const html = render([
      { href: '/463.css', text: ':root{--ink:#000}' },
      { href: 'http://remote/page.css', text: '.page{color:teal}' },
    ]);
    expect(html).toContain(
      '<style data-precedence="/463.css" data-href="/463.css">:root{--ink:#000}</style>' +
        '<style data-precedence="http://remote/page.css" data-href="http://remote/page.css">.page{color:teal}</style>',
    );
  });

  test('one the server could not read, or too large to write into every page, is linked', () => {
    const html = render([
      { href: '/463.css', text: ':root{}' },
      { href: 'http://remote/large.css', text: 'a{}'.repeat(INLINE_STYLESHEET_MAX_CHARS) },
      { href: 'http://remote/down.css', text: null },
    ]);
    expect(html).toContain('<style data-precedence="/463.css" data-href="/463.css">');
    expect(html).toContain('<link rel="stylesheet" href="http://remote/large.css"');
    expect(html).toContain('<link rel="stylesheet" href="http://remote/down.css"');
    expect(html.indexOf('/463.css')).toBeLessThan(html.indexOf('large.css'));
    expect(html.indexOf('large.css')).toBeLessThan(html.indexOf('down.css'));
  });
});
