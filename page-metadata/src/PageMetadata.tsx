import { type Language, useLanguage, usePageLanguages } from 'shared-i18n';
import { siteConfig } from 'site-config';
import en from './locales/en.json';
import es from './locales/es.json';
import pt from './locales/pt.json';
import { pageTitle } from './pageTitle';
import { absoluteUrl, languageAlternates, pageUrl } from './pageUrls';
import { SHARE_IMAGE_SIZE, type ShareImageSet } from './shareImage';
import {
  breadcrumbListNode,
  organizationNode,
  serializeJsonLd,
  webPageNode,
  type GraphNode,
  type WebPageType,
} from './structuredData';

/**
 * Open Graph names a language with its region: the site speaks US English, Panamanian Spanish and
 * Brazilian Portuguese.
 */
const OPEN_GRAPH_LOCALES: Record<Language, string> = { en: 'en_US', es: 'es_PA', pt: 'pt_BR' };

/**
 * This copy's own strings, bundled with it: each app bundles page-metadata, so a page shows the
 * strings of the app version it comes from, never those of another app or of a release candidate
 * loaded after it (as one i18next namespace shared by every bundle would).
 */
const STRINGS: Record<Language, typeof en> = { en, es, pt };

/** The agency's logo for search engines: the 512 px icon the shell's build writes at the site's root. */
const LOGO_PATH = '/icon-512.png';

export interface PageMetadataProps {
  /** The page's own title, in the page's language; the site's name is added to <title>. */
  title: string;
  description: string;
  /** The route, without language: "/services/seo". */
  path: string;
  type?: WebPageType;
  /** The page's share images, from the app's `?shareImages` import (see shareImageSet). */
  image: ShareImageSet;
  /** What the page is about besides its publisher: a Service, the list of services... */
  mainEntity?: GraphNode;
  /** The pages above this one, from the home page down (this page is added at the end). */
  breadcrumbs?: ReadonlyArray<{ name: string; path: string }>;
  /** More nodes the page shows, such as its FAQ. */
  parts?: readonly GraphNode[];
}

/**
 * Everything a crawler or a link previewer reads about a page, in the page's language: <title>,
 * description, canonical URL, hreflang alternates, Open Graph, Twitter card and JSON-LD. React
 * hoists the <title>, <meta> and <link> elements into <head>, in the server's HTML too; the
 * JSON-LD stays in the page, where search engines read it as well.
 */
export function PageMetadata(props: PageMetadataProps) {
  const { title, description, path, type = 'WebPage', mainEntity, breadcrumbs, parts = [] } = props;
  const language = useLanguage();
  const languages = usePageLanguages();
  const strings = STRINGS[language];
  const url = pageUrl(path, language);
  const image = props.image[language];
  const imageUrl = absoluteUrl(image.url);
  const breadcrumb =
    breadcrumbs &&
    breadcrumbListNode(url, [
      ...breadcrumbs.map((step) => ({ name: step.name, url: pageUrl(step.path, language) })),
      { name: title, url },
    ]);
  const graph = [
    organizationNode(
      { description: strings.organizationDescription, areaServed: strings.areaServed },
      absoluteUrl(LOGO_PATH),
    ),
    webPageNode({ type, url, name: title, description, language, imageUrl, mainEntity, breadcrumb }),
    ...(mainEntity ? [mainEntity] : []),
    ...(breadcrumb ? [breadcrumb] : []),
    ...parts,
  ];
  const otherLocales = languages.filter((other) => other !== language);
  return (
    <>
      <title>{pageTitle(title)}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {languageAlternates(path, languages).map((alternate) => (
        <link key={alternate.hrefLang} rel="alternate" hrefLang={alternate.hrefLang} href={alternate.href} />
      ))}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={siteConfig.organizationName} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:width" content={String(SHARE_IMAGE_SIZE.width)} />
      <meta property="og:image:height" content={String(SHARE_IMAGE_SIZE.height)} />
      <meta property="og:image:alt" content={image.alt} />
      <meta property="og:locale" content={OPEN_GRAPH_LOCALES[language]} />
      {otherLocales.map((other) => (
        <meta key={other} property="og:locale:alternate" content={OPEN_GRAPH_LOCALES[other]} />
      ))}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      <meta name="twitter:image:alt" content={image.alt} />
      <script type="application/ld+json">{serializeJsonLd(graph)}</script>
    </>
  );
}
