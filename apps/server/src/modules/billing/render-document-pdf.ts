/// <reference path="./fontkit.d.ts" />
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { countryName, formatPaise } from '@shop/shared';
import { create as openFont } from 'fontkit';
import PDFDocument from 'pdfkit';
import { pdfBytes } from '../../pdf-bytes.js';
import type { TaxDocumentData } from './tax-document.js';

// DejaVu Sans has the rupee sign (U+20B9); it comes from npm so every machine has the same file.
const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
// pdfkit takes a font fontkit has opened (anything with `layout`); opening one decodes its tables, which
// costs most of a render, so each font is opened once and shared by every document. fontkit is imported
// as pdfkit imports it (its ES module): a require() here loaded a second copy, 2 MB of code at start.
let fonts: { regular: PDFKit.Mixins.PDFFontSource; bold: PDFKit.Mixins.PDFFontSource } | undefined;
const loadFonts = () => {
  fonts ??= {
    regular: openFont(fs.readFileSync(path.join(fontDir, 'DejaVuSans.ttf'))),
    bold: openFont(fs.readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf'))),
  };
  return fonts;
};

/**
 * What the buyer typed, as one line: control, format (bidi, zero-width) and line-separator characters
 * become a space. The checkout refuses them (person-name.ts); documents stored before it did may hold them.
 */
const oneLine = (text: string) => text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ');

/** What was sold: an order, or a membership's charge (decision 0037) by the gateway's payment id. */
const soldAs = (data: TaxDocumentData): [string, string] =>
  data.subscriptionCharge ? ['Membership payment', data.subscriptionCharge.paymentId] : ['Order', data.orderId];

const percent = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)} %`;

/**
 * The PDF of an issued invoice or credit note, from its frozen data alone. The same data gives the same
 * bytes: the creation date is the document's date and pdfkit derives the file id from the metadata.
 * CGST Rule 46 (invoice) / Rule 53 (credit note) fields, each labelled. `signature` is the PNG the data
 * names (render-stored-document.ts loads it).
 */
export function renderDocumentPdf(data: TaxDocumentData, signature?: Buffer): Promise<Buffer> {
  const issued = new Date(`${data.date}T00:00:00+05:30`);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: {
      Title: `${data.title} ${data.number}`,
      Author: data.supplier.legalName,
      Subject: `${soldAs(data)[0]} ${soldAs(data)[1]}`,
      Producer: 'TradeSkool billing',
      Creator: 'TradeSkool billing',
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const done = pdfBytes(doc);
  const { regular, bold } = loadFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const left = 40;
  const width = 515;

  doc.font('bold').fontSize(18).text(data.title, left, 40);
  doc.font('regular').fontSize(9);
  doc.text(`Number: ${data.number}`, left, 44, { width, align: 'right' });
  doc.text(`Date: ${data.date}`, { width, align: 'right' });
  doc.moveDown(1.5);

  const top = doc.y;
  const column = (x: number, heading: string, rows: string[], clip = false) => {
    doc.font('bold').fontSize(10).text(heading, x, top, { width: 250 });
    doc.font('regular').fontSize(9);
    for (const row of rows) {
      // The buyer's fields: each on exactly one line, cut with an ellipsis, so none can add a line of its own.
      if (clip) doc.text(oneLine(row), x, undefined, { width: 250, height: doc.currentLineHeight(), ellipsis: true });
      else doc.text(row, x, undefined, { width: 250 });
    }
    return doc.y;
  };
  const s = data.supplier;
  const supplierBottom = column(left, 'Supplier', [
    s.legalName,
    `Trade name: ${s.tradeName}`,
    s.address,
    `State: ${s.stateName} (code ${s.stateCode})`,
    s.gstin ? `GSTIN: ${s.gstin}` : 'Not registered for GST',
    `PAN: ${s.pan}`,
  ]);
  const b = data.buyer;
  const buyerBottom = column(
    left + 265,
    data.title === 'Credit Note' ? 'Recipient' : 'Bill to',
    [
      b.name,
      ...(b.businessName ? [b.businessName] : []),
      `E-mail: ${b.email}`,
      `State: ${b.stateName} (code ${b.stateCode})${b.pin ? `, PIN ${b.pin}` : ''}`,
      ...(b.country ? [`Country: ${countryName(b.country) ?? b.country} (${b.country})`] : []),
      `GSTIN: ${b.gstin || 'unregistered'}`,
    ],
    true,
  );
  doc.y = Math.max(supplierBottom, buyerBottom) + 12;
  doc.x = left;
  doc.font('regular').fontSize(9);
  doc.text(`Place of supply: ${data.placeOfSupply.name} (code ${data.placeOfSupply.code})`);
  doc.text('Reverse charge: No');
  doc.text(soldAs(data).join(': '));
  if (data.against) doc.text(`Against invoice ${data.against.number} dated ${data.against.date}`);
  if (data.reason) doc.text(`Reason: ${data.reason}`);
  if (data.taxMode === 'lut')
    doc.text(
      `Supply meant for export under Letter of Undertaking without payment of IGST${data.lutReference ? ` (LUT ${data.lutReference})` : ''}`,
    );
  doc.moveDown();

  const intra = data.taxMode === 'intra';
  const inter = data.taxMode === 'inter';
  const headings = [
    'Description',
    'SAC',
    'Price',
    'Discount',
    data.taxMode === 'none' ? 'Value' : 'Taxable value',
    ...(intra ? [`CGST ${percent(data.rateBp / 2)}`, `SGST ${percent(data.rateBp / 2)}`] : []),
    ...(inter ? [`IGST ${percent(data.rateBp)}`] : []),
    'Total',
  ];
  const amountColumns = headings.length - 2;
  const describeWidth = width - 45 - amountColumns * 62;
  const widths = [describeWidth, 45, ...Array.from({ length: amountColumns }, () => 62)];
  const row = (cells: string[], font: 'regular' | 'bold') => {
    const y = doc.y;
    let x = left;
    let bottom = y;
    doc.font(font).fontSize(8);
    cells.forEach((cell, index) => {
      const w = widths[index] ?? 60;
      doc.text(cell, x, y, { width: w - 4, align: index < 2 ? 'left' : 'right' });
      bottom = Math.max(bottom, doc.y);
      x += w;
    });
    doc.y = bottom + 4;
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + width, doc.y - 2)
      .lineWidth(0.5)
      .stroke('#999999');
  };
  row(headings, 'bold');
  for (const line of data.lines) {
    row(
      [
        line.description,
        line.sac,
        formatPaise(line.pricePaise),
        formatPaise(line.discountPaise),
        formatPaise(line.taxablePaise),
        ...(intra ? [formatPaise(line.cgstPaise), formatPaise(line.sgstPaise)] : []),
        ...(inter ? [formatPaise(line.igstPaise)] : []),
        formatPaise(line.totalPaise),
      ],
      'regular',
    );
  }
  const t = data.totals;
  row(
    [
      'Total',
      '',
      '',
      '',
      formatPaise(t.taxablePaise),
      ...(intra ? [formatPaise(t.cgstPaise), formatPaise(t.sgstPaise)] : []),
      ...(inter ? [formatPaise(t.igstPaise)] : []),
      formatPaise(t.totalPaise),
    ],
    'bold',
  );
  doc.x = left;
  doc.moveDown();
  doc
    .font('bold')
    .fontSize(10)
    .text(`${data.title === 'Credit Note' ? 'Amount credited' : 'Amount'}: ${formatPaise(t.totalPaise)}`);
  doc.font('regular').fontSize(9).text(`In words: ${t.inWords}`);
  doc.moveDown(2);
  if (signature) {
    // The operator's uploaded signature (tax settings) stands where the "no signature" line would.
    doc.fontSize(8).text(`For ${data.supplier.legalName}`, { width });
    doc.image(signature, left, doc.y + 4, { fit: [150, 50] });
    doc.y += 58;
    doc.x = left;
    doc.fontSize(8).text('Authorised signatory', { width });
  } else {
    doc.fontSize(8).text('This is a computer-generated document; no signature is required.', { width });
  }
  doc.end();
  return done;
}
