/*
 * iPhone photos (HEIC/HEIF, decision 531). The prebuilt sharp reads a HEIF's header but cannot
 * decode HEVC (a patent-encumbered codec it is built without), so the pixels are decoded by
 * heic-convert (libheif in WebAssembly) into a JPEG that then takes the one sharp path of every
 * photo. libheif applies the HEIF's own rotation while decoding; the EXIF block (date, place)
 * is read from the original through sharp's metadata.
 */
/// <reference path="../../../types/heic_convert.d.ts" />
import sharp from 'sharp'

/** The largest HEIC decoded (48 Mpx, a phone's biggest sensor): beyond, refused unread. */
export const HEIC_MAX_PIXELS = 50_000_000

/** The HEIC as a JPEG, or null when it is not a decodable still image within the size cap. */
export async function heicToJpeg(input: Buffer): Promise<Buffer | null> {
  try {
    const meta = await sharp(input).metadata()
    if (meta.format !== 'heif' || !meta.width || !meta.height) return null
    if (meta.width * meta.height > HEIC_MAX_PIXELS) return null
    const { default: convert } = await import('heic-convert')
    const jpeg = await convert({ buffer: input, format: 'JPEG', quality: 0.92 })
    return Buffer.from(jpeg)
  } catch {
    return null
  }
}
