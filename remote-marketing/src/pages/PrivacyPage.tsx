import { useTranslation } from 'react-i18next';
import { PageHero } from '../components/PageHero';
import { NAMESPACE } from '../i18n';

export default function PrivacyPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <title>{t('privacy.metaTitle')}</title>
      <PageHero title={t('privacy.title')} subtitle={t('privacy.subtitle')} />
    </>
  );
}
