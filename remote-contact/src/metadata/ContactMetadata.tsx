import { useTranslation } from 'shared-i18n';
import { PageMetadata, shareImageSet } from 'page-metadata';
import { NAMESPACE } from '../i18n';
import { shareImages } from './shareImages';

/**
 * The agency's contact page (docs/product.md §1): its title, description and type, in the page's
 * language.
 */
export function ContactMetadata() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <PageMetadata
      path="/contact"
      type="ContactPage"
      title={t('metaTitle')}
      description={t('metaDescription')}
      image={shareImageSet(shareImages, 'contact')}
    />
  );
}
