// The certificate PDF's render time (issue 14 asks for under 200 ms): 20 renders of a certificate with a
// Devanagari name and a rupee sign, after one that opens the fonts. Run: node --import tsx bench/certificate-render.ts
import { renderCertificatePdf } from '../apps/server/src/modules/certificates/render-certificate-pdf.js';

const certificate = (n: number) => ({
  id: `abcdefghijklm${String(n).padStart(3, '0')}`,
  name: 'अर्जुन शर्मा',
  courseTitle: 'Options Trading for ₹10,000 Accounts',
  instructor: 'Meera Iyer',
  completedAt: new Date().toISOString(),
  verifyUrl: 'https://shop.example/certificates/abcdefghijklmnop',
  siteName: 'TradeSkool',
});

let started = performance.now();
await renderCertificatePdf(certificate(0));
const first = performance.now() - started;
const times: number[] = [];
for (let n = 1; n <= 20; n++) {
  started = performance.now();
  await renderCertificatePdf(certificate(n));
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const median = ((times[9] ?? 0) + (times[10] ?? 0)) / 2;
console.log(
  `certificate PDF: first render (fonts opened) ${first.toFixed(1)} ms; median of 20 ${median.toFixed(1)} ms, slowest ${times.at(-1)?.toFixed(1)} ms`,
);
