import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import webpack from 'webpack';
import { moduleRules } from '../moduleRules.mjs';

const require = createRequire(import.meta.url);
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
      rules: moduleRules({ isProduction: true, isServer: name === 'server', siteName: 'Istmo Digital' }),
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

test('every image gets a content-hashed URL per language under the public path', () => {
  const { home, about } = builds.browser.images;
  for (const [key, image] of Object.entries({ home, about })) {
    for (const language of ['en', 'es']) {
      assert.match(
        image[language].url,
        new RegExp(`^${PUBLIC_PATH}share/${key}-${language}\\.[0-9a-f]{12}\\.png$`),
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

test('the server build exports the same URLs and writes no image', () => {
  assert.deepEqual(builds.server.images, builds.browser.images);
  assert.deepEqual(builds.server.files, []);
});

test('the browser build writes each image as a 1200×630 PNG under 100 KB', async () => {
  const urls = Object.values(builds.browser.images).flatMap((image) => [image.en.url, image.es.url]);
  assert.deepEqual(
    builds.browser.files.toSorted(),
    urls.map((url) => url.slice(`${PUBLIC_PATH}share/`.length)).toSorted(),
  );
  for (const file of builds.browser.files) {
    const png = await readFile(path.join(folder, 'browser', 'share', file));
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    // IHDR: width and height, big-endian, right after the signature and the chunk header.
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1200, 630], file);
    assert.ok(png.length < 100 * 1024, `${file} is ${png.length} bytes`);
  }
});
