// The metadata of a page that search engines must not list (a private link's page).
import { pageTitle } from './pageTitle';

export interface UnlistedPageMetadataProps {
  /** The page's own title, in the page's language; the site's name is added to <title>. */
  title: string;
  description: string;
}

/**
 * The metadata of a page only a private link leads to (a cancel link from an e-mail, with a token
 * in its address): its <title> and description, and `noindex`, so a search engine that meets the
 * address never lists it. It has no canonical URL, alternates, share card or JSON-LD: there is
 * nothing to share, and its address without the token is not the page.
 */
export function UnlistedPageMetadata({ title, description }: UnlistedPageMetadataProps) {
  return (
    <>
      <title>{pageTitle(title)}</title>
      <meta name="description" content={description} />
      <meta name="robots" content="noindex" />
    </>
  );
}
