import { useTranslation } from 'react-i18next';
import { PageHero } from '../components/PageHero';
import { NAMESPACE } from '../i18n';

export default function TermsPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <title>{t('terms.metaTitle')}</title>
      <PageHero title={t('terms.title')} subtitle={t('terms.subtitle')} />
    </>
  );
}
