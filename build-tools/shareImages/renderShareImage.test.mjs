// The share image's drawing: the size link previewers expect, small enough for WhatsApp's limit,
// and the longest titles the site has still drawn.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readThemeColours } from '../webpack/themeTokens.mjs';
import { renderShareImage } from './renderShareImage.mjs';

const LONG_SPANISH_TITLE = 'Agencia de Marketing Digital y Automatización con IA en Panamá';

test('an image is a 1200×630 PNG under 100 KB, its name and title drawn', async () => {
  const colours = readThemeColours();
  const text = {
    title: LONG_SPANISH_TITLE,
    subtitle:
      'Ayudamos a empresas de toda Latinoamérica a atraer más clientes, convertirlos y trabajar de forma más inteligente.',
  };
  const [named, otherName] = await Promise.all([
    renderShareImage({ ...text, siteName: 'Istmo Digital', colours }),
    renderShareImage({ ...text, siteName: 'Istmo Staging', colours }),
  ]);
  for (const png of [named, otherName]) {
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    // IHDR: width and height, big-endian, right after the signature and the chunk header.
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1200, 630]);
    assert.ok(png.length < 100 * 1024, `${png.length} bytes`);
  }
  assert.notDeepEqual(named, otherName);
});
