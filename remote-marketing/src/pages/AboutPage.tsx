import { useTranslation } from 'react-i18next';
import { PageHero } from '../components/PageHero';
import { NAMESPACE } from '../i18n';

export default function AboutPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <title>{t('about.metaTitle')}</title>
      <PageHero title={t('about.title')} subtitle={t('about.subtitle')} />
    </>
  );
}
