import { useTranslation } from 'react-i18next';
import { PageHero } from '../components/PageHero';
import { NAMESPACE } from '../i18n';

export default function ServicesPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <title>{t('services.metaTitle')}</title>
      <PageHero title={t('services.title')} subtitle={t('services.subtitle')} />
    </>
  );
}
