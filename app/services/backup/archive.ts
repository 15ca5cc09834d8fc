/*
 * The backup file (README « Sauvegarde et restauration »): one gzip stream holding a first line
 * `ESI-SAUVEGARDE 1`, then entries one after the other. An entry is a header (one line of JSON)
 * followed by its body cut in frames (a 4-byte big-endian length, then that many bytes), a frame
 * of length 0 ending it. Bodies of unknown length (a table's COPY output) stream straight in:
 * nothing is held in memory but one frame. The order is fixed: the manifest, the tables, the
 * files, the files' index, the end marker (a file without it was cut short).
 */
import { createReadStream, createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { pipeline } from 'node:stream/promises'
import { pipeline as chain } from 'node:stream'
import { createGunzip, createGzip, type Gzip } from 'node:zlib'

export const MAGIC = 'ESI-SAUVEGARDE 1\n'
/** A frame's size while writing: big enough that the lengths cost nothing. */
const FRAME = 64 * 1024
/** A header line longer than this is no header (a file that is not a backup). */
const MAX_HEADER = 16 * 1024 * 1024
/** A frame longer than this is corruption, not data (the writer never exceeds 2 × FRAME). */
const MAX_FRAME = 16 * 1024 * 1024

export type EntryHeader =
  | { type: 'manifest'; manifest: unknown }
  | { type: 'table'; name: string }
  | { type: 'file'; key: string }
  | { type: 'files' }
  | { type: 'end' }

export class ArchiveWriter {
  #gzip: Gzip
  #done: Promise<void>

  constructor(path: string) {
    this.#gzip = createGzip({ level: 6 })
    // `wx`: never overwrite a file; the caller writes to a fresh temporary name
    this.#done = pipeline(this.#gzip, createWriteStream(path, { flags: 'wx' }))
    this.#done.catch(() => {}) // reported by close() or by the next write
    this.#gzip.write(MAGIC)
  }

  async #write(bytes: Buffer) {
    if (!this.#gzip.write(bytes)) await once(this.#gzip, 'drain')
  }

  async #frame(bytes: Buffer) {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(bytes.length)
    await this.#write(length)
    await this.#write(bytes)
  }

  /** Writes one entry; the body is read to its end (frames of about 64 KB). */
  async entry(header: EntryHeader, body: AsyncIterable<Buffer | string> | Iterable<string> = []) {
    await this.#write(Buffer.from(JSON.stringify(header) + '\n'))
    let pending: Buffer[] = []
    let size = 0
    for await (const chunk of body) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
      pending.push(bytes)
      size += bytes.length
      if (size >= FRAME) {
        await this.#frame(Buffer.concat(pending, size))
        pending = []
        size = 0
      }
    }
    if (size > 0) await this.#frame(Buffer.concat(pending, size))
    await this.#write(Buffer.alloc(4))
  }

  async close() {
    this.#gzip.end()
    await this.#done
  }

  /** Stops writing after a failure (the caller removes the file). */
  destroy() {
    this.#gzip.destroy()
  }
}

/** Reads exact byte counts and lines out of a stream of chunks. */
class ByteReader {
  #source: AsyncIterator<Buffer>
  #buffer: Buffer = Buffer.alloc(0)

  constructor(source: AsyncIterable<Buffer>) {
    this.#source = source[Symbol.asyncIterator]()
  }

  /** False at the end of the stream. */
  async #more(): Promise<boolean> {
    const next = await this.#source.next()
    if (next.done) return false
    this.#buffer = this.#buffer.length ? Buffer.concat([this.#buffer, next.value]) : next.value
    return true
  }

  async line(): Promise<string | null> {
    let from = 0
    for (;;) {
      const at = this.#buffer.indexOf(0x0a, from)
      if (at >= 0) {
        const text = this.#buffer.subarray(0, at).toString('utf8')
        this.#buffer = this.#buffer.subarray(at + 1)
        return text
      }
      if (this.#buffer.length > MAX_HEADER) throw new ArchiveError('en-tête trop long')
      from = this.#buffer.length
      if (!(await this.#more())) {
        if (this.#buffer.length === 0) return null
        throw new ArchiveError('fichier tronqué')
      }
    }
  }

  async exact(size: number): Promise<Buffer> {
    while (this.#buffer.length < size) {
      if (!(await this.#more())) throw new ArchiveError('fichier tronqué')
    }
    const bytes = this.#buffer.subarray(0, size)
    this.#buffer = this.#buffer.subarray(size)
    return bytes
  }
}

export class ArchiveError extends Error {
  constructor(reason: string) {
    super(`Sauvegarde illisible : ${reason}.`)
  }
}

export type Entry = { header: EntryHeader; body: AsyncGenerator<Buffer> }

/**
 * The entries of a backup file, in order. Each entry's body must be read to its end (or
 * drained with `for await … {}`) before asking for the next entry.
 */
export async function* readArchive(path: string): AsyncGenerator<Entry> {
  // chain: a read error (no such file) reaches the gunzip stream and so the reader
  const reader = new ByteReader(chain(createReadStream(path), createGunzip(), () => {}))
  let magic: string | null
  try {
    magic = await reader.line()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error
    throw new ArchiveError('ce n’est pas une sauvegarde de l’application')
  }
  if (magic + '\n' !== MAGIC) throw new ArchiveError('ce n’est pas une sauvegarde de l’application')
  for (;;) {
    const line = await reader.line()
    if (line === null) return
    let header: EntryHeader
    try {
      header = JSON.parse(line)
    } catch {
      throw new ArchiveError('en-tête d’entrée invalide')
    }
    let ended = false
    const body = async function* () {
      for (;;) {
        const length = await reader.exact(4)
        const size = length.readUInt32BE(0)
        if (size === 0) break
        if (size > MAX_FRAME) throw new ArchiveError('bloc de données invalide')
        yield await reader.exact(size)
      }
      ended = true
    }
    const entry = { header, body: body() }
    yield entry
    if (!ended) for await (const unread of entry.body) void unread
    // A body left half-read (a consumer that broke out of it) would desynchronise the reader
    if (!ended) throw new ArchiveError('entrée lue en partie')
  }
}

/** The whole body of a small entry (the files' index), as text. */
export async function bodyText(body: AsyncIterable<Buffer>): Promise<string> {
  const parts: Buffer[] = []
  for await (const part of body) parts.push(part)
  return Buffer.concat(parts).toString('utf8')
}
