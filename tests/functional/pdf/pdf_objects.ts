/*
 * A small reader of the PDFs pdfkit writes (one uncompressed "N 0 obj … endobj" per object, no
 * object streams), for the Factur-X tests: the header version, the XMP packet, the embedded
 * files (inflated) and the font dictionaries. Not a general PDF parser.
 */
import { inflateSync } from 'node:zlib'

export type PdfObject = { id: number; dict: string; stream: Buffer | null }

export function pdfObjects(content: Buffer): PdfObject[] {
  const text = content.toString('latin1')
  const out: PdfObject[] = []
  const re = /(\d+) 0 obj\n/g
  let m: RegExpExecArray | null
  while ((m = re.exec(text))) {
    const start = m.index + m[0].length
    const end = text.indexOf('\nendobj', start)
    const body = text.slice(start, end)
    const s = body.indexOf('\nstream\n')
    if (s < 0) {
      out.push({ id: Number(m[1]), dict: body, stream: null })
      continue
    }
    const e = body.lastIndexOf('\nendstream')
    const raw = Buffer.from(body.slice(s + 8, e), 'latin1')
    const dict = body.slice(0, s)
    out.push({
      id: Number(m[1]),
      dict,
      stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw,
    })
    re.lastIndex = end
  }
  return out
}

/** "%PDF-1.7" → "1.7". */
export function pdfVersion(content: Buffer): string {
  return /^%PDF-(\d\.\d)/.exec(content.subarray(0, 16).toString('latin1'))?.[1] ?? ''
}

export function xmpPacket(objects: PdfObject[]): string {
  const meta = objects.find((o) => /\/Type \/Metadata/.test(o.dict) && o.stream)
  return meta?.stream?.toString('utf8') ?? ''
}

/** The embedded files: name (the file spec's /F), relationship, content. */
export function embeddedFiles(objects: PdfObject[]) {
  const byId = new Map(objects.map((o) => [o.id, o]))
  return objects
    .filter((o) => /\/Type \/Filespec/.test(o.dict))
    .map((spec) => {
      const ref = /\/EF <<\s*\/F (\d+) 0 R/.exec(spec.dict)
      return {
        specId: spec.id,
        name: /\/F \(([^)]*)\)/.exec(spec.dict)?.[1] ?? '',
        relationship: /\/AFRelationship \/(\w+)/.exec(spec.dict)?.[1] ?? '',
        subtype: /\/Subtype \/([^\s/>]+)/.exec(byId.get(Number(ref?.[1]))?.dict ?? '')?.[1] ?? '',
        content: byId.get(Number(ref?.[1]))?.stream ?? Buffer.alloc(0),
      }
    })
}

/** The catalog's /AF array of file spec ids. */
export function catalogAf(objects: PdfObject[]): number[] {
  const catalog = objects.find((o) => /\/Type \/Catalog/.test(o.dict))
  const af = /\/AF \[([^\]]*)\]/.exec(catalog?.dict ?? '')?.[1] ?? ''
  return [...af.matchAll(/(\d+) 0 R/g)].map((x) => Number(x[1]))
}

/**
 * Every font: its BaseFont, subtype and whether its program is embedded (a FontDescriptor with
 * FontFile, FontFile2 or FontFile3, through the descendant font of a Type0). A base-14 font
 * written by name only has no descriptor: embedded false.
 */
export function fonts(objects: PdfObject[]) {
  const byId = new Map(objects.map((o) => [o.id, o]))
  const deref = (dict: string, key: string) => {
    const m = new RegExp(`/${key} \\[?(\\d+) 0 R`).exec(dict)
    return m ? byId.get(Number(m[1])) : undefined
  }
  return objects
    .filter((o) => /\/Type \/Font\b/.test(o.dict) && !/\/Subtype \/CIDFontType/.test(o.dict))
    .map((font) => {
      const subtype = /\/Subtype \/(\w+)/.exec(font.dict)?.[1] ?? ''
      const descendant = subtype === 'Type0' ? deref(font.dict, 'DescendantFonts') : font
      const descriptor = descendant ? deref(descendant.dict, 'FontDescriptor') : undefined
      return {
        baseFont: /\/BaseFont \/([^\s/>]+)/.exec(font.dict)?.[1] ?? '',
        subtype,
        embedded: !!descriptor && /\/FontFile[23]? \d+ 0 R/.test(descriptor.dict),
      }
    })
}
