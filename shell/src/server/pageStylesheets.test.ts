import { withoutCopiesOf } from './pageStylesheets';

test("a page's stylesheet with the same content as one of the shell's is linked once, the shell's", () => {
  const shell = ['/87.0a1599faa1c7.css', '/44.a6661c05607b.css'];
  const page = [
    'http://localhost:3001/__federation_expose_ServicesPage.926c154a868c.css',
    'http://localhost:3001/663.a6661c05607b.css',
  ];
  expect(withoutCopiesOf(shell, page)).toEqual([
    'http://localhost:3001/__federation_expose_ServicesPage.926c154a868c.css',
  ]);
});

test('stylesheets without a content hash in their name (a development build) are all kept', () => {
  expect(withoutCopiesOf(['/main.css'], ['http://localhost:3001/main.css'])).toEqual([
    'http://localhost:3001/main.css',
  ]);
});
