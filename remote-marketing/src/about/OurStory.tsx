import { useTranslation } from 'shared-i18n';
import { siteConfig } from 'site-config';
import storyImage from '../assets/illustrations/about-story.svg';
import { Illustration } from '../components/Illustration';
import { Section } from '../components/Section';
import { useTranslatedContent } from '../content/useTranslatedContent';
import { NAMESPACE } from '../i18n';
import { STORY_FEATURES } from './aboutHighlights';
import { HighlightGrid } from './HighlightGrid';
import './OurStory.css';

/** docs/product.md §2, Our Story: founded in 2024, and four features. */
export function OurStory() {
  const { t } = useTranslation(NAMESPACE);
  const paragraphs = useTranslatedContent<string[]>('about.story.paragraphs', {
    name: siteConfig.organizationName,
  });
  return (
    <Section labelledBy="about-story-title">
      <div className="marketing-story">
        <div>
          <h2 id="about-story-title" className="marketing-story__title">
            {t('about.story.title')}
          </h2>
          {paragraphs.map((paragraph) => (
            <p key={paragraph} className="marketing-story__text">
              {paragraph}
            </p>
          ))}
        </div>
        <Illustration src={storyImage} alt={t('about.story.imageAlt')} className="marketing-story__image" />
      </div>
      <HighlightGrid
        items={STORY_FEATURES}
        keyPrefix="about.story.features"
        columns={4}
        testId="about-story-feature"
      />
    </Section>
  );
}
