/**
 * Jest's stand-in for `*.json?shareImages` (the build makes the real URLs): every image key
 * answers a placeholder per language, so pages that read one render in tests.
 */
const image = (key, language) => ({ url: `/share/${key}-${language}.stub.png`, alt: '' });

module.exports = new Proxy(
  {},
  {
    get: (_target, key) =>
      typeof key !== 'string' || key === '__esModule' || key === 'then'
        ? undefined
        : { en: image(key, 'en'), es: image(key, 'es') },
  },
);
