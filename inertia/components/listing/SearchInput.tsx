import { useEffect, useRef, useState } from 'react'
import { MAX_SEARCH_LENGTH } from '@shared/list_params'

export interface SearchInputProps {
  value: string
  onSearch: (q: string) => void
  label: string
  placeholder?: string
  /** Wait after the last key before searching (ms). */
  delay?: number
}

/** A search box that asks the server 300 ms after the last key (or at once on Enter). */
export default function SearchInput({
  value,
  onSearch,
  label,
  placeholder,
  delay = 300,
}: SearchInputProps) {
  const [text, setText] = useState(value)
  const [shown, setShown] = useState(value)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  // The URL wins when it changes from elsewhere (back button, filter reset)
  if (value !== shown) {
    setShown(value)
    setText(value)
  }
  useEffect(() => () => clearTimeout(timer.current ?? undefined), [])

  function change(next: string) {
    setText(next)
    clearTimeout(timer.current ?? undefined)
    timer.current = setTimeout(() => {
      if (next.trim() !== value) onSearch(next.trim())
    }, delay)
  }

  return (
    <form
      role="search"
      className="flex-grow-1"
      onSubmit={(e) => {
        e.preventDefault()
        clearTimeout(timer.current ?? undefined)
        onSearch(text.trim())
      }}
    >
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
          className="form-control"
          value={text}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder={placeholder}
          onChange={(e) => change(e.target.value)}
        />
        {text && (
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => {
              setText('')
              onSearch('')
            }}
            aria-label="Effacer la recherche"
          >
            <i className="bi bi-x-lg" aria-hidden="true" />
          </button>
        )}
      </div>
    </form>
  )
}
