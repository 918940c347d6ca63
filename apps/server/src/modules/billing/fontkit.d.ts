// fontkit ships no types; the PDF renderers use only `create`, whose result pdfkit takes as a font.
declare module 'fontkit' {
  export function create(data: Uint8Array): PDFKit.Mixins.PDFFontSource;
}
