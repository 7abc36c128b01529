import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, useLanguage, type Language } from 'shared-i18n';
import { siteConfig } from 'site-config';
import { organizationJsonLd } from 'site-config/structuredData';
import { NAMESPACE } from '../i18n';

const CONTACT_PATH = '/contact';

function contactPageUrl(language: Language): string {
  const url = new URL(CONTACT_PATH, siteConfig.url).href;
  return language === DEFAULT_LANGUAGE ? url : `${url}?lang=${language}`;
}

/** JSON-LD text that is safe inside a <script> element (no "</script>" can end it early). */
function serializeJsonLd(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/**
 * The page's <title>, meta description and schema.org ContactPage in the current language
 * (SPEC §1). React hoists the title and meta into <head>; the JSON-LD stays in the page.
 */
export function ContactMetadata() {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const title = `${t('metaTitle')} | ${siteConfig.organizationName}`;
  const description = t('metaDescription');
  const contactPage = {
    '@context': 'https://schema.org',
    '@type': 'ContactPage',
    name: title,
    description,
    url: contactPageUrl(language),
    inLanguage: language,
    publisher: organizationJsonLd(),
  };
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <script type="application/ld+json">{serializeJsonLd(contactPage)}</script>
    </>
  );
}
