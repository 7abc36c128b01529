import { LegalDocument } from '../legal/LegalDocument';

export default function TermsPage() {
  return <LegalDocument page="terms" />;
}
