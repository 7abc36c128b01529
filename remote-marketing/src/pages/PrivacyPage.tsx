import { BrazilPrivacyNotice } from '../legal/BrazilPrivacyNotice';
import { LegalDocument } from '../legal/LegalDocument';

export default function PrivacyPage() {
  return (
    <LegalDocument page="privacy">
      <BrazilPrivacyNotice />
    </LegalDocument>
  );
}
