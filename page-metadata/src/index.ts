export { PageMetadata, type PageMetadataProps } from './PageMetadata';
export { UnlistedPageMetadata, type UnlistedPageMetadataProps } from './UnlistedPageMetadata';
export { absoluteUrl, languageAlternates, pageUrl, type LanguageAlternate } from './pageUrls';
export {
  SHARE_IMAGE_SIZE,
  shareImageSet,
  type ShareImage,
  type ShareImageSet,
  type ShareImages,
} from './shareImage';
export {
  OPENING_HOURS,
  ORGANIZATION_ID,
  breadcrumbListNode,
  faqPageNode,
  itemListNode,
  organizationNode,
  organizationReference,
  serializeJsonLd,
  serviceNode,
  webPageNode,
  type GraphNode,
  type WebPageType,
} from './structuredData';
