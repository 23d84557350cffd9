import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/** A link to the invoice on /invoice-management (the invoices screen opens it in its drawer). */
export function MemberInvoiceLink({ id, number }: { id: string; number: string }) {
  return <Link to={`${paths.invoiceManagement}?invoice=${encodeURIComponent(id)}`}>{number}</Link>;
}
