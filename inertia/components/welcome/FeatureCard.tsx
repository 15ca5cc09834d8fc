import type { ReactNode } from 'react'

export interface Feature {
  icon: string
  title: string
  text: ReactNode
  /** Bootstrap colour of the icon badge. */
  color: string
}

export default function FeatureCard({ icon, title, text, color }: Feature) {
  return (
    <div className="block block-rounded h-100 mb-0">
      <div className="block-content p-4">
        <div
          className={`d-inline-flex align-items-center justify-content-center rounded-3 bg-${color}-subtle text-${color}-emphasis mb-3`}
          style={{ width: 48, height: 48 }}
        >
          <i className={`${icon} fs-4`} aria-hidden="true" />
        </div>
        <h3 className="h5 fw-semibold mb-2">{title}</h3>
        <p className="text-body-secondary mb-0">{text}</p>
      </div>
    </div>
  )
}
