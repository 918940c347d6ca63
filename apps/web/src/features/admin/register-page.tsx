import {
  formatPaise,
  type InvoiceRegisterRow,
  indiaMonth,
  messages,
  subscriptionChargeDocumentPath,
  type TaxAmounts,
} from '@shop/shared';
import { type FormEvent, useState } from 'react';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useGetInvoiceRegisterQuery, useResendDocumentMutation } from './register-api';
import { RegisterExports } from './register-exports';
import { TableHead, TableWrap } from './table-wrap';
import './register.css';

const amountColumns = ['Taxable value', 'CGST', 'SGST', 'IGST', 'Total'];
function Amounts({ amounts }: { amounts: TaxAmounts }) {
  return (
    <>
      {[amounts.taxablePaise, amounts.cgstPaise, amounts.sgstPaise, amounts.igstPaise, amounts.totalPaise].map(
        (paise, index) => (
          <td key={amountColumns[index]} className="register-amount">
            {formatPaise(paise)}
          </td>
        ),
      )}
    </>
  );
}

/**
 * Where a document's PDF is and what the resend names: a membership or instalment charge's document by its
 * subscription and the gateway's payment id, an order's by the order.
 */
function documentOf(row: InvoiceRegisterRow) {
  const path = row.kind === 'invoice' ? 'invoice' : 'credit-note';
  const { kind, subscriptionId, paymentId } = row;
  if (subscriptionId && paymentId) {
    return { href: subscriptionChargeDocumentPath(subscriptionId, paymentId, path), target: { paymentId, kind } };
  }
  return { href: `/api/orders/${row.orderId}/${path}`, target: { orderId: row.orderId, kind } };
}

function DocumentRow({ row }: { row: InvoiceRegisterRow }) {
  const [resend, { isLoading }] = useResendDocumentMutation();
  const label = row.kind === 'invoice' ? 'invoice' : 'credit note';
  const located = documentOf(row);
  const send = async () => {
    try {
      toast.success(await resend(located.target).unwrap());
    } catch (error) {
      toast.error(errorMessage(error, 'The document could not be sent. Please try again.'));
    }
  };
  return (
    <tr>
      <th scope="row">
        {row.number}
        {row.against ? <div className="register-note">against {row.against}</div> : null}
      </th>
      <td>{row.date}</td>
      <td>
        {row.businessName || row.buyerName}
        <div className="register-note">{row.buyerEmail}</div>
      </td>
      <td>{row.gstin || '—'}</td>
      <td>{row.placeOfSupply}</td>
      <Amounts amounts={row} />
      <td>
        <div className="register-actions">
          <a className="btn btn-outline" href={located.href} aria-label={`Download ${label} ${row.number}`} download>
            Download
          </a>
          <button
            type="button"
            className="btn btn-outline"
            onClick={send}
            disabled={isLoading}
            aria-label={`Resend ${label} ${row.number}`}
          >
            Resend
          </button>
        </div>
      </td>
    </tr>
  );
}

/**
 * The invoice register (issue 16): the month's invoices and credit notes as issued, searchable, each
 * downloadable and re-sendable to its buyer, with the month's totals and its GSTR-1 exports.
 */
export function RegisterPage() {
  const [query, setQuery] = useState({ month: indiaMonth(new Date()), q: '' });
  const { data, isFetching, isError } = useGetInvoiceRegisterQuery(query);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const month = String(form.get('month') ?? '');
    setQuery({ month: /^\d{4}-\d{2}$/.test(month) ? month : query.month, q: String(form.get('q') ?? '').trim() });
  };

  return (
    <>
      <h1>{messages.registerTitle}</h1>
      <form className="admin-search" onSubmit={search} aria-label="Search the register">
        <div className="admin-field">
          <label htmlFor="register-month">Month</label>
          <input id="register-month" name="month" type="month" defaultValue={query.month} required />
        </div>
        <div className="admin-field">
          <label htmlFor="register-q">Number, buyer name or e-mail, GSTIN</label>
          <input id="register-q" name="q" type="search" defaultValue={query.q} />
        </div>
        <button type="submit" className="btn">
          Show
        </button>
      </form>
      {isError ? (
        <p className="state-message">The register could not be loaded. Please reload the page.</p>
      ) : !data ? (
        <p className="state-message">{messages.loading}</p>
      ) : (
        <>
          <TableWrap label={query.q ? 'Totals of the documents found' : 'Totals of the month'} busy={isFetching}>
            <table className="admin-table">
              <TableHead columns={['Kind', 'Documents', ...amountColumns]} />
              <tbody>
                <tr>
                  <th scope="row">Invoices</th>
                  <td>{data.invoices.count}</td>
                  <Amounts amounts={data.invoices} />
                </tr>
                <tr>
                  <th scope="row">Credit notes</th>
                  <td>{data.creditNotes.count}</td>
                  <Amounts amounts={data.creditNotes} />
                </tr>
                <tr>
                  <th scope="row">Net</th>
                  <td />
                  <Amounts amounts={data.net} />
                </tr>
              </tbody>
            </table>
          </TableWrap>
          {data.rows.length === 0 ? (
            <p className="state-message">{messages.registerEmpty}</p>
          ) : (
            <TableWrap label="Invoices and credit notes" busy={isFetching}>
              <table className="admin-table">
                <TableHead
                  columns={['Number', 'Date', 'Buyer', 'GSTIN', 'Place of supply', ...amountColumns, 'Document']}
                />
                <tbody>
                  {data.rows.map((row) => (
                    <DocumentRow key={row.number} row={row} />
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )}
          {data.truncated ? (
            <p>Only the first 1,000 documents are listed; the totals and exports cover them all.</p>
          ) : null}
        </>
      )}
      <RegisterExports month={query.month} />
    </>
  );
}
