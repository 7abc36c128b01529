// The `?shareImages` loader in both builds: the same site paths, the texts written once, by the browser build.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import webpack from 'webpack';
import { moduleRules } from '../moduleRules.mjs';
import { SHARE_TEXTS_FILE, shareImagePath } from '../../shareImages/shareImageFiles.mjs';

const require = createRequire(import.meta.url);
/** A remote's chunks load from its host; its share images are the site's paths all the same. */
const PUBLIC_PATH = 'https://marketing.example.com/';
const LONG_SPANISH_TITLE = 'Agencia de Marketing Digital y Automatización con IA en Panamá';

/** @type {string} */
let folder;
/** @type {Record<'browser' | 'server', { images: any, files: string[] }>} */
const builds = /** @type {any} */ ({});

/** Builds the descriptor with the site's rules as the browser or the server build does. */
async function build(/** @type {'browser' | 'server'} */ name) {
  const outputPath = path.join(folder, name);
  const compiler = webpack({
    mode: 'production',
    context: folder,
    target: 'node',
    entry: './src/metadata/shareImages.json?shareImages',
    output: { path: outputPath, publicPath: PUBLIC_PATH, library: { type: 'commonjs2' } },
    module: {
      rules: moduleRules({ isProduction: true, isServer: name === 'server', app: 'marketing' }),
    },
    optimization: { minimize: false },
  });
  const stats = await new Promise((resolve, reject) =>
    compiler.run((error, result) => (error ? reject(error) : resolve(result))),
  );
  await new Promise((resolve) => compiler.close(resolve));
  assert.ok(!stats?.hasErrors(), stats?.toString('errors-only'));
  const shareFolder = path.join(outputPath, 'share');
  const files = await readdir(shareFolder).catch(() => []);
  return { images: require(path.join(outputPath, 'main.js')).default, files };
}

before(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'share-images-'));
  await mkdir(path.join(folder, 'src', 'locales'), { recursive: true });
  await mkdir(path.join(folder, 'src', 'metadata'));
  const locales = {
    en: {
      home: {
        metaTitle: 'Digital Marketing & AI Automation Agency in Panama',
        subtitle: 'We help companies grow.',
      },
      about: { title: 'About Us', subtitle: 'A Panama-based team.' },
    },
    es: {
      home: {
        metaTitle: LONG_SPANISH_TITLE,
        subtitle:
          'Ayudamos a empresas de toda Latinoamérica a atraer más clientes, convertirlos y trabajar de forma más inteligente, con campañas basadas en datos e IA que se encarga del trabajo repetitivo.',
      },
      about: { title: 'Sobre Nosotros', subtitle: 'Un equipo con sede en Panamá.' },
    },
  };
  for (const [language, translations] of Object.entries(locales)) {
    await writeFile(path.join(folder, 'src', 'locales', `${language}.json`), JSON.stringify(translations));
  }
  await writeFile(
    path.join(folder, 'src', 'metadata', 'shareImages.json'),
    JSON.stringify({
      locales: { en: '../locales/en.json', es: '../locales/es.json' },
      images: {
        home: { title: 'home.metaTitle', subtitle: 'home.subtitle' },
        about: { title: 'about.title', subtitle: 'about.subtitle' },
      },
    }),
  );
  builds.browser = await build('browser');
  builds.server = await build('server');
});

after(() => rm(folder, { recursive: true, force: true }));

test('every image gets a site path per language that changes with its text', () => {
  const { home, about } = builds.browser.images;
  for (const [key, image] of Object.entries({ home, about })) {
    for (const language of ['en', 'es']) {
      assert.match(
        image[language].url,
        new RegExp(`^/share/marketing/${key}-${language}\\.[0-9a-f]{12}\\.png$`),
      );
    }
    assert.notEqual(image.en.url, image.es.url);
  }
});

test('the alt text is the title in the page language, Spanish for es', () => {
  assert.equal(builds.browser.images.home.es.alt, LONG_SPANISH_TITLE);
  assert.equal(builds.browser.images.about.es.alt, 'Sobre Nosotros');
  assert.equal(builds.browser.images.about.en.alt, 'About Us');
});

test('the server build exports the same URLs and writes no file', () => {
  assert.deepEqual(builds.server.images, builds.browser.images);
  assert.deepEqual(builds.server.files, []);
});

test('the browser build writes the texts each URL is drawn from, and only texts', async () => {
  assert.deepEqual(builds.browser.files, ['images.json']);
  /** @type {import('../../shareImages/shareImageFiles.mjs').ShareTexts} */
  const texts = JSON.parse(await readFile(path.join(folder, 'browser', SHARE_TEXTS_FILE), 'utf8'));
  for (const [key, image] of Object.entries(builds.browser.images)) {
    for (const language of ['en', 'es']) {
      const text = texts[key]?.[language];
      assert.ok(text, `${key} ${language}`);
      assert.equal(image[language].url, shareImagePath({ app: 'marketing', key, language, text }));
    }
  }
  assert.equal(texts.home?.es?.title, LONG_SPANISH_TITLE);
});
