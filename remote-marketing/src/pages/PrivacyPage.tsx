import { LegalDocument } from '../legal/LegalDocument';

export default function PrivacyPage() {
  return <LegalDocument page="privacy" />;
}
