import { registerTranslations } from 'shared-i18n';

/** Every page imports this, so the namespace is registered before the page first renders. */
export const NAMESPACE = 'marketing';
registerTranslations(
  NAMESPACE,
  (language) => import(/* webpackChunkName: "locale-[request]" */ `./locales/${language}.json`),
);
