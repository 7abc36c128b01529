/**
 * `import shareImages from './metadata/shareImages.json?shareImages'`: every image the descriptor
 * names, per language, as its URL (the site path /share/<app>/<key>-<lang>.<hash>.png, which the
 * shell's server draws at 1200×630) and its alt text (the translated title). Made by
 * build-tools/webpack/shareImages/shareImagesLoader.mjs.
 */
declare module '*?shareImages' {
  const shareImages: Record<string, Record<'en' | 'es' | 'pt', { url: string; alt: string }>>;
  export default shareImages;
}
