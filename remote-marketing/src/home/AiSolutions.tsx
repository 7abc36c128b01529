import { Link } from 'shared-router';
import { useTranslation } from 'shared-i18n';
import homeAiImage from '../assets/illustrations/home-ai.svg';
import { ArrowLink } from '../components/ArrowLink';
import { IconBadge } from '../components/IconBadge';
import { Illustration } from '../components/Illustration';
import { Section } from '../components/Section';
import { SERVICE_ICONS } from '../content/serviceIcons';
import { serviceRoute, type ServiceId } from '../content/serviceIds';
import { NAMESPACE } from '../i18n';
import './AiSolutions.css';

/** The four AI services the block presents, each linking to its own page. */
const AI_FEATURE_IDS = [
  'ai-agents',
  'workflow-automation',
  'predictive-analytics',
  'ai-content-generation',
] as const satisfies readonly ServiceId[];

/** "Leading AI and Automation Solutions": four features and a link to /about (docs/product.md §2). */
export function AiSolutions() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Section labelledBy="home-ai-title" className="marketing-ai">
      <div>
        <p className="marketing-eyebrow">{t('home.ai.eyebrow')}</p>
        <h2 id="home-ai-title" className="marketing-ai__title">
          {t('home.ai.title')}
        </h2>
        <p className="marketing-ai__text">{t('home.ai.text')}</p>
        <ul className="marketing-ai__features">
          {AI_FEATURE_IDS.map((id) => (
            <li key={id} className="marketing-ai__feature" data-testid="home-ai-feature">
              <IconBadge name={SERVICE_ICONS[id]} />
              <div>
                <Link to={serviceRoute(id)} className="marketing-ai__feature-title">
                  {t(`serviceDetail.${id}.title`)}
                </Link>
                <p className="marketing-ai__feature-text">{t(`home.ai.features.${id}`)}</p>
              </div>
            </li>
          ))}
        </ul>
        <ArrowLink to="/about">{t('home.ai.aboutLink')}</ArrowLink>
      </div>
      <Illustration src={homeAiImage} alt={t('home.ai.imageAlt')} className="marketing-ai__image" />
    </Section>
  );
}
