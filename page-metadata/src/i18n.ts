import { registerTranslations } from 'shared-i18n';

/** Each app bundles this package, so each registers the namespace before its first page renders. */
export const NAMESPACE = 'pageMetadata';
registerTranslations(
  NAMESPACE,
  (language) => import(/* webpackChunkName: "locale-[request]" */ `./locales/${language}.json`),
);
