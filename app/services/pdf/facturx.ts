/*
 * Factur-X 1.0 (EN 16931 profile) PDF pieces for render.ts (issue 11 §5): PDF/A-3b through
 * pdfkit's own PDF/A support (version 1.7, XMP pdfaid, its bundled sRGB ICC output intent), the
 * three fonts the layout uses embedded (Liberation Sans 2, SIL OFL, committed under
 * resources/fonts: metric-compatible with Helvetica, so the page looks the same), the CII
 * attached as factur-x.xml (AFRelationship Alternative, listed in the catalog's /AF) and the
 * Factur-X XMP extension schema. No dependency beyond pdfkit; nothing read from the network.
 */
import { fileURLToPath } from 'node:url'
import { BOLD, FONT, ITALIC, type Doc } from '#services/pdf/pdf_writer'

export const FACTURX_FILENAME = 'factur-x.xml'
export const FACTURX_NS = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#'
export const FACTURX_CONFORMANCE = 'EN 16931'

export type FacturxAttachment = {
  /** The CII (app/services/compta/cii/generate.ts), already checked. */
  xml: string
  /** INVOICE for a facture; a note de crédit is an INVOICE too in Factur-X 1.0 (TypeCode 381). */
  documentType?: 'INVOICE'
}

const FONT_FILES: Record<string, string> = {
  [FONT]: 'LiberationSans-Regular.ttf',
  [BOLD]: 'LiberationSans-Bold.ttf',
  [ITALIC]: 'LiberationSans-Italic.ttf',
}

// resources/fonts from this file, in the sources and in the build alike (adonisrc metaFiles):
// no app service, so that the PDF worker threads can draw a Factur-X too
function fontPath(file: string): string {
  return fileURLToPath(new URL(`../../../resources/fonts/${file}`, import.meta.url))
}

/** The PDFDocument options of a PDF/A-3b, the embedded regular font as the default one. */
export function pdfaOptions(): PDFKit.PDFDocumentOptions {
  return { pdfVersion: '1.7', subset: 'PDF/A-3b', font: fontPath(FONT_FILES[FONT]) }
}

/**
 * XMP is XML: pdfkit writes the info strings (title, author…) into it unescaped, and PDF/A wants
 * them equal in the Info dictionary and the XMP; so both get the same text without markup
 * characters (« Dupont & Fils » → « Dupont et Fils »).
 */
export function xmpSafe(text: string): string {
  return text.replaceAll('&', 'et').replace(/[<>]/g, ' ')
}

function xmpDate(date: Date): string {
  return `${date.toISOString().split('.')[0]}Z`
}

function extensionProperty(name: string, description: string): string {
  return `<rdf:li rdf:parseType="Resource">
            <pdfaProperty:name>${name}</pdfaProperty:name>
            <pdfaProperty:valueType>Text</pdfaProperty:valueType>
            <pdfaProperty:category>external</pdfaProperty:category>
            <pdfaProperty:description>${description}</pdfaProperty:description>
          </rdf:li>`
}

/** The fx: keys and the PDF/A extension schema that declares them (Factur-X 1.0 §A.2). */
export function facturxXmp(documentType: string, modified: Date): string {
  return `
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
  <xmp:ModifyDate>${xmpDate(modified)}</xmp:ModifyDate>
  <xmp:MetadataDate>${xmpDate(modified)}</xmp:MetadataDate>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:fx="${FACTURX_NS}">
  <fx:DocumentType>${documentType}</fx:DocumentType>
  <fx:DocumentFileName>${FACTURX_FILENAME}</fx:DocumentFileName>
  <fx:Version>1.0</fx:Version>
  <fx:ConformanceLevel>${FACTURX_CONFORMANCE}</fx:ConformanceLevel>
</rdf:Description>
<rdf:Description rdf:about=""
    xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
    xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"
    xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
  <pdfaExtension:schemas>
    <rdf:Bag>
      <rdf:li rdf:parseType="Resource">
        <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
        <pdfaSchema:namespaceURI>${FACTURX_NS}</pdfaSchema:namespaceURI>
        <pdfaSchema:prefix>fx</pdfaSchema:prefix>
        <pdfaSchema:property>
          <rdf:Seq>
          ${extensionProperty('DocumentFileName', 'name of the embedded XML invoice file')}
          ${extensionProperty('DocumentType', 'INVOICE')}
          ${extensionProperty('Version', 'The actual version of the Factur-X XML schema')}
          ${extensionProperty('ConformanceLevel', 'The conformance level of the embedded Factur-X data')}
          </rdf:Seq>
        </pdfaSchema:property>
      </rdf:li>
    </rdf:Bag>
  </pdfaExtension:schemas>
</rdf:Description>`
}

/**
 * Before drawing: the layout's font names (pdf_writer.ts FONT, BOLD, ITALIC) now mean the
 * embedded TrueType fonts. At the end (before pdf.end()): the XML attached and the XMP keys.
 */
export function embedFonts(pdf: Doc): void {
  for (const [name, file] of Object.entries(FONT_FILES)) pdf.registerFont(name, fontPath(file))
}

export function attachFacturx(pdf: Doc, facturx: FacturxAttachment, date: Date): void {
  const options = {
    name: FACTURX_FILENAME,
    type: 'text/xml',
    description: 'Factur-X',
    creationDate: date,
    modifiedDate: date,
    // Not in @types/pdfkit 0.x, read by pdfkit's file(): the /AFRelationship of the file spec
    relationship: 'Alternative',
  }
  pdf.file(Buffer.from(facturx.xml, 'utf8'), options as PDFKit.Mixins.PDFAttachmentOptions)
  pdf.appendXML(facturxXmp(facturx.documentType ?? 'INVOICE', date))
}
