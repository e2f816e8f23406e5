// The file name a document is uploaded under once it is a PDF.

/** The PDF file name of a document sent as a PDF (an image's name gets ".pdf"). */
export function pdfFileName(name: string): string {
  return /\.pdf$/i.test(name) ? name : `${name.replace(/\.(png|jpe?g)$/i, "")}.pdf`;
}
