import { registerTranslations } from 'shared-i18n';

registerTranslations(
  'shell',
  (language) => import(/* webpackChunkName: "locale-[request]" */ `./locales/${language}.json`),
);
