import type { Language } from 'shared-i18n';

/** A page's share image (Open Graph, Twitter card) in one language, as the build wrote it. */
export interface ShareImage {
  /** Where the app that owns the page serves it; made absolute against SITE_URL if it is not. */
  url: string;
  /** What the image shows, in the page's language. */
  alt: string;
}

/** One page's share image in every language. */
export type ShareImageSet = Readonly<Record<Language, ShareImage>>;

/** What an app's `./shareImages.json?shareImages` import gives: every page's images by key. */
export type ShareImages = Readonly<Record<string, ShareImageSet | undefined>>;

/** The size every share image is rendered at: the 1.91:1 card WhatsApp, LinkedIn and X show. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** A page's images; a key missing from the app's shareImages.json is a bug the page must not hide. */
export function shareImageSet(images: ShareImages, key: string): ShareImageSet {
  const set = images[key];
  if (!set) throw new Error(`No share image "${key}": declare it in the app's shareImages.json`);
  return set;
}
