// STUB — owned by the "shell UI" helper: block with loading / fullscreen / pinned / content-hidden states.
import type { ReactNode } from 'react'
export interface BlockProps {
  title?: ReactNode
  options?: ReactNode
  children?: ReactNode
  className?: string
  loading?: boolean
  fullscreenToggle?: boolean
  pinToggle?: boolean
  contentToggle?: boolean
  rounded?: boolean
  themed?: boolean
}
export default function Block({ title, children, className }: BlockProps) {
  return (
    <div className={`block block-rounded ${className ?? ''}`}>
      {title && <div className="block-header"><h3 className="block-title">{title}</h3></div>}
      <div className="block-content">{children}</div>
    </div>
  )
}
