import { dataProtectionNotice } from './content/legal';
import { LegalPage } from './LegalPage';

/** /gizlilik: the KVKK notice (aydınlatma metni). */
export function DataProtectionPage() {
  return <LegalPage document={dataProtectionNotice} />;
}
