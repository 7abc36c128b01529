import { publicSettings, siteConfig } from 'site-config';
import type { BrazilPrivacyNotice as NoticeCopy } from '../content/pageContent';
import { useTranslatedContent } from '../content/useTranslatedContent';

/**
 * The privacy policy's section for visitors in Brazil (LGPD): it names the person in charge of data
 * (the encarregado, art. 41) from the environment's settings, never from the copy.
 */
export function BrazilPrivacyNotice() {
  const { name: officerName, email: officerEmail } = publicSettings().site.privacyOfficer;
  const notice = useTranslatedContent<NoticeCopy>('privacy.brazil', {
    name: siteConfig.organizationName,
    officerName,
    officerEmail,
  });
  return (
    <section id="lgpd" className="marketing-legal__section" data-testid="privacy-brazil">
      <h2 className="marketing-legal__title">{notice.title}</h2>
      <p>{notice.intro}</p>
      <p>{notice.legalBasesIntro}</p>
      <ul className="marketing-legal__list">
        {notice.legalBases.map((basis) => (
          <li key={basis}>{basis}</li>
        ))}
      </ul>
      <p>{notice.rightsIntro}</p>
      <ul className="marketing-legal__list">
        {notice.rights.map((right) => (
          <li key={right}>{right}</li>
        ))}
      </ul>
      <p>{notice.exercise}</p>
      <p>{notice.transfer}</p>
      <p>{notice.officer}</p>
    </section>
  );
}
