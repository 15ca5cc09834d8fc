/*
 * A map of this process's memory bounded in bytes, least recently used first out: the drawn
 * PDFs (decision 681) and the planning's weeks (decision 700). A value may be put before its
 * size is known (a week being built) and grow later (its gzip): `grow` counts bytes for the
 * value still held under its key only, so a value replaced or dropped meanwhile counts nothing.
 */
export class ByteLru<V> {
  #entries = new Map<string, { value: V; bytes: number }>()
  #bytes = 0

  /** The value, moved to the end: the most recently used. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    return entry.value
  }

  /** Puts a value of no counted size yet (replacing the key's former one). */
  set(key: string, value: V) {
    this.delete(key)
    this.#entries.set(key, { value, bytes: 0 })
  }

  /** Counts `bytes` more for `value` if it is still the key's, then drops the oldest past `limit`. */
  grow(key: string, value: V, bytes: number, limit: number) {
    const entry = this.#entries.get(key)
    if (!entry || entry.value !== value) return
    entry.bytes += bytes
    this.#bytes += bytes
    // A Map iterates in insertion order: the first keys are the least recently used
    for (const [old, { bytes: size }] of this.#entries) {
      if (this.#bytes <= limit) break
      this.#entries.delete(old)
      this.#bytes -= size
    }
  }

  /** Drops the key (only if it still holds `value`, when given). */
  delete(key: string, value?: V) {
    const entry = this.#entries.get(key)
    if (!entry || (value !== undefined && entry.value !== value)) return
    this.#entries.delete(key)
    this.#bytes -= entry.bytes
  }

  clear() {
    this.#entries.clear()
    this.#bytes = 0
  }

  get size() {
    return this.#entries.size
  }

  get bytes() {
    return this.#bytes
  }
}
