import { useEffect, useRef, useState } from 'react'
import { MIN_SEARCH_LENGTH } from '@shared/list_query'

export interface SearchBoxProps {
  value: string
  onSearch: (q: string) => void
  label: string
  placeholder?: string
  /** Wait after the last key before searching (ms). */
  delay?: number
}

/** A search field that searches as you type (debounced); Enter searches at once. */
export default function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
  delay = 350,
}: SearchBoxProps) {
  const [text, setText] = useState(value)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  // Back/forward or a reset changes the URL: the field follows unless a search is pending
  useEffect(() => {
    if (!timer.current) setText(value)
  }, [value])
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), [])

  const fire = (q: string) => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    if (q.trim() !== value.trim()) onSearch(q)
  }
  const change = (q: string) => {
    setText(q)
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => fire(q), delay)
  }
  const tooShort = text.trim().length > 0 && text.trim().length < MIN_SEARCH_LENGTH

  return (
    <div>
      <label htmlFor="list-search" className="visually-hidden">
        {label}
      </label>
      <div className="input-group">
        <span className="input-group-text" aria-hidden="true">
          <i className="bi bi-search" />
        </span>
        <input
          id="list-search"
          type="search"
          name="q"
          className="form-control"
          value={text}
          placeholder={placeholder ?? label}
          onChange={(e) => change(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              fire(text)
            }
          }}
          aria-describedby={tooShort ? 'list-search-help' : undefined}
          autoComplete="off"
        />
      </div>
      {tooShort && (
        <div id="list-search-help" className="form-text">
          Saisissez au moins {MIN_SEARCH_LENGTH} caractères.
        </div>
      )}
    </div>
  )
}
