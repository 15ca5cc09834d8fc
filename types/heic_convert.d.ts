/** The part of heic-convert (ISC, no bundled types) the app uses: one HEIC/HEIF image to JPEG. */
declare module 'heic-convert' {
  function convert(options: {
    buffer: Uint8Array
    format: 'JPEG' | 'PNG'
    /** 0 to 1. */
    quality?: number
  }): Promise<Uint8Array>
  export default convert
}
