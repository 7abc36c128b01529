/**
 * The links a message carries to the site: the cancel and change pages (with the claim's token),
 * the booking page, and the booking page with a code mail's one-time link.
 */
import type { SiteConfig } from 'site-config';
import { ADDRESS_LINK_PARAMETER, ADDRESS_LINK_PATH } from 'supabase-schema';
import type { Language } from '../config';

function siteRoot(site: SiteConfig): string {
  return site.url.replace(/\/+$/, '');
}

/** `${url}/booking/cancel?token=…`, plus `&lang=es` for Spanish (English is the site's default). */
export function cancelLink(site: SiteConfig, token: string, language: Language): string {
  const lang = language === 'en' ? '' : `&lang=${language}`;
  return `${siteRoot(site)}/booking/cancel?token=${encodeURIComponent(token)}${lang}`;
}

/** `${url}/booking/change?token=…` (the cancel link's token), plus `&lang=es` for Spanish. */
export function changeLink(site: SiteConfig, token: string, language: Language): string {
  const lang = language === 'en' ? '' : `&lang=${language}`;
  return `${siteRoot(site)}/booking/change?token=${encodeURIComponent(token)}${lang}`;
}

/** `${url}/booking`, plus `?lang=es` for Spanish. */
export function bookingLink(site: SiteConfig, language: Language): string {
  return `${siteRoot(site)}/booking${language === 'en' ? '' : `?lang=${language}`}`;
}

/** `${url}/booking?address=…` (a code mail's one-time link), plus `&lang=es` for Spanish. */
export function addressLink(site: SiteConfig, link: string, language: Language): string {
  const lang = language === 'en' ? '' : `&lang=${language}`;
  return `${siteRoot(site)}${ADDRESS_LINK_PATH}?${ADDRESS_LINK_PARAMETER}=${encodeURIComponent(link)}${lang}`;
}

/** The site's host name, for the invitation's UID and the Message-ID. */
export function siteHost(site: SiteConfig): string {
  return new URL(site.url).hostname;
}
