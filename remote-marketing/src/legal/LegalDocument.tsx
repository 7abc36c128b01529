import type { ReactNode } from 'react';
import { useTranslation } from 'shared-i18n';
import { siteConfig, siteEmailHref } from 'site-config';
import { PageHero } from '../components/PageHero';
import type { LegalSection } from '../content/pageContent';
import { useTranslatedContent } from '../content/useTranslatedContent';
import { NAMESPACE } from '../i18n';
import { PageMetadata, shareImageSet } from 'page-metadata';
import { shareImages } from '../metadata/shareImages';
import './LegalDocument.css';

interface LegalDocumentProps {
  /** privacy or terms: the page's path and the key of its copy. */
  page: 'privacy' | 'terms';
  /** What the page adds after its four sections (the privacy policy's notice for Brazil). */
  children?: ReactNode;
}

/** A legal page: hero, an introduction, four titled sections, what the page adds and whom to write to. */
export function LegalDocument({ page, children }: LegalDocumentProps) {
  const { t } = useTranslation(NAMESPACE);
  const agency = { name: siteConfig.organizationName, email: siteConfig.email };
  const sections = useTranslatedContent<LegalSection[]>(`${page}.sections`, agency);
  return (
    <>
      <PageMetadata
        path={`/${page}`}
        title={t(`${page}.metaTitle`)}
        description={t(`${page}.metaDescription`)}
        image={shareImageSet(shareImages, page)}
      />
      <PageHero title={t(`${page}.title`)} subtitle={t(`${page}.subtitle`)} />
      <article className="marketing-legal site-container">
        <p className="marketing-legal__intro">{t(`${page}.intro`, agency)}</p>
        {sections.map((section) => (
          <section key={section.title} className="marketing-legal__section" data-testid="legal-section">
            <h2 className="marketing-legal__title">{section.title}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.items && (
              <ul className="marketing-legal__list">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
        {children}
        <p className="marketing-legal__contact">
          {t(`${page}.contactLabel`)} <a href={siteEmailHref()}>{siteConfig.email}</a>
        </p>
      </article>
    </>
  );
}
