import { registerTranslations } from 'shared-i18n';

/** The page imports this, so the namespace is registered before the page first renders. */
export const NAMESPACE = 'contact';
registerTranslations(
  NAMESPACE,
  (language) => import(/* webpackChunkName: "locale-[request]" */ `./locales/${language}.json`),
);
