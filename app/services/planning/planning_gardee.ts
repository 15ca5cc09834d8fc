/*
 * One way to keep a planning body ready to send while what it shows is unchanged: the week
 * (decisions 700–704) and the waiting list (decisions 726–730). Each body is kept in this process
 * as its JSON's bytes, and their gzip once a browser asks, under the version its caller read from
 * planning_versions BEFORE building it (a body built from newer data than its version is only
 * built once more, never shown stale); concurrent first readers share one build. Bounded by
 * PLANNING_CACHE_MB (32 by default; 0 turns it off), least recently used first out; a body
 * above a quarter of the bound is not kept, nor a failed build.
 */
import { gzip as gzipCallback } from 'node:zlib'
import { promisify } from 'node:util'
import { ByteLru } from '#services/cache/byte_lru'

const gzip = promisify(gzipCallback)

/** A JSON body and its gzip, made on demand (once per version when kept). */
export type KeptBody = { json: Buffer; gzip: () => Promise<Buffer> }

type Entry = { version: string; json: Promise<Buffer>; gz: Promise<Buffer> | null }

/** The bound of what each planning cache keeps (decision 703), in bytes. */
export function planningCacheBytes(): number {
  const raw = process.env.PLANNING_CACHE_MB
  const mb = raw !== undefined && /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : 32
  return mb * 1024 * 1024
}

export class KeptBodies {
  #kept = new ByteLru<Entry>()

  /** The body under `key` if built at `version`, else built now (`version` null: not kept). */
  async body(
    key: string,
    version: string | null,
    limit: number,
    build: () => Promise<Buffer>
  ): Promise<KeptBody> {
    if (version === null || limit <= 0) {
      const json = await build()
      return { json, gzip: () => gzip(json) }
    }
    let entry = this.#kept.get(key)
    if (!entry || entry.version !== version) {
      const made: Entry = { version, json: build(), gz: null }
      entry = made
      this.#kept.set(key, made)
      made.json.then(
        (json) => {
          if (json.byteLength > limit / 4) this.#kept.delete(key, made)
          else this.#kept.grow(key, made, json.byteLength, limit)
        },
        () => this.#kept.delete(key, made)
      )
    }
    const kept = entry
    const json = await kept.json
    return {
      json,
      gzip: () => {
        if (!kept.gz) {
          // Level 6 (zlib's default): the week's 2.4 MB → ~0.2 MB, made once per version
          kept.gz = gzip(json)
          kept.gz.then(
            (gz) => this.#kept.grow(key, kept, gz.byteLength, limit),
            () => (kept.gz = null)
          )
        }
        return kept.gz
      },
    }
  }

  clear() {
    this.#kept.clear()
  }

  get size() {
    return this.#kept.size
  }

  get bytes() {
    return this.#kept.bytes
  }
}
