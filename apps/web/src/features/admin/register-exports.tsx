import { billingPaths, gstr1Sections } from '@shop/shared';

type Section = (typeof gstr1Sections)[number];

const described: Record<Section, string> = {
  b2b: 'B2B invoices (buyers with a GSTIN)',
  b2cl: 'B2C large invoices (inter-state, above ₹1,00,000)',
  b2cs: 'B2C small summary (by place of supply and rate, net of credit notes)',
  exp: 'Exports (buyers outside India)',
  cdnr: 'Credit notes to registered buyers (CDNR)',
  cdnur: 'Credit notes to unregistered buyers (CDNUR: B2C large and exports)',
  hsn: 'HSN/SAC summary, one table (returns before May 2025)',
  'hsn(b2b)': 'HSN/SAC summary of supplies to registered buyers (table 12, since May 2025)',
  'hsn(b2c)': 'HSN/SAC summary of supplies to unregistered buyers (table 12, since May 2025)',
  docs: 'Documents issued: invoice and credit note serial numbers (table 13)',
};

/** One download per GSTR-1 table of the month, named as the GST offline tool's sheets. */
export function RegisterExports({ month }: { month: string }) {
  return (
    <section aria-labelledby="gstr1-title" className="admin-panel">
      <h2 id="gstr1-title">GSTR-1 exports for {month}</h2>
      <p>CSV files with the GST offline tool's column names; every figure is taken from the issued documents.</p>
      <ul>
        {gstr1Sections.map((section) => (
          <li key={section}>
            <a href={`${billingPaths.adminGstr1}?month=${month}&section=${section}`} download>
              {section}.csv
            </a>{' '}
            {described[section]}
          </li>
        ))}
      </ul>
    </section>
  );
}
