import { useState } from 'react'

export interface AvatarProps {
  src?: string | null
  name: string
  initials?: string
  size?: number
  className?: string
}

/** Round user picture from the app itself; the initials when there is none or it cannot load. */
export default function Avatar({ src, name, initials, size = 32, className = '' }: AvatarProps) {
  const [failed, setFailed] = useState(false)
  const letters = (
    initials ||
    name
      .split(/\s+/)
      .map((w) => w[0] ?? '')
      .join('')
      .slice(0, 2)
  ).toUpperCase()
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) }
  if (!src || failed) {
    return (
      <span
        className={`img-avatar img-avatar-initials ${className}`}
        style={style}
        aria-hidden="true"
      >
        {letters}
      </span>
    )
  }
  return (
    <img
      className={`img-avatar ${className}`}
      style={style}
      src={src}
      alt=""
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  )
}
