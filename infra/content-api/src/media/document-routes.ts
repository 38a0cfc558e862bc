import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors';
import { SVEDEN_DOCUMENTS } from '../seed/sveden-seed';
import { SITE_NAME } from '../seed/vocabulary';

const DOCUMENT_FILE = /^([a-z0-9][a-z0-9-]{0,63})\.pdf$/;

/** Text for a PDF string literal: printable ASCII only (the standard Helvetica font has no Cyrillic), escaped. */
function pdfText(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');
}

/**
 * A one-page PDF naming the document, built in memory: the demo university's documents are stand-ins with their
 * English titles (the page font is the standard Helvetica, which covers Latin only), followed by the rows of the
 * statistics the electronic documents of "Образование" hold (numbers of students, admission, transfers). The byte offsets of the
 * cross-reference table are computed, so readers open it without repairing it.
 */
function demoDocumentPdf(title: string, extra: readonly string[] = []): Buffer {
  const lines = [title, SITE_NAME.en, 'Demonstration copy', ...extra];
  // One line every 28 pt from the top for the heading lines, every 14 pt (smaller type) for the table rows below.
  const content = lines
    .map((line, index) => {
      const y = index < 3 ? 780 - index * 28 : 710 - (index - 3) * 14;
      return `BT /F1 ${index === 0 ? 16 : index < 3 ? 11 : 7} Tf 56 ${y} Td (${pdfText(line)}) Tj ET`;
    })
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** `GET /media/documents/{name}.pdf`: the documents "Сведения об образовательной организации" and the privacy section of /about link to. */
export function registerDocumentRoutes(app: FastifyInstance): void {
  app.get('/media/documents/:file', async (request, reply) => {
    const match = DOCUMENT_FILE.exec((request.params as { file: string }).file);
    // Own names only: `constructor` and the like are not documents.
    const entry = match && Object.hasOwn(SVEDEN_DOCUMENTS, match[1]!) ? SVEDEN_DOCUMENTS[match[1]!] : undefined;
    if (!match || !entry) throw notFound();
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${match[1]}.pdf"`)
      .header('cache-control', 'public, max-age=86400');
    return demoDocumentPdf(entry.en, entry.lines);
  });
}
