/**
 * `import shareImages from './metadata/shareImages.json?shareImages'`: every image the descriptor
 * names, per language, as its URL (the app's public path + share/<key>-<lang>.<hash>.png, 1200×630)
 * and its alt text (the translated title). Made by build-tools/webpack/shareImages/shareImagesLoader.mjs.
 */
declare module '*?shareImages' {
  const shareImages: Record<string, Record<'en' | 'es', { url: string; alt: string }>>;
  export default shareImages;
}
