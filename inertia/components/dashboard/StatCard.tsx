export interface StatCardProps {
  label: string
  value: string
  icon: string
  color?: string
  /** A short trend text, e.g. "+12 % sur 30 jours". */
  trend?: string
  trendUp?: boolean
}

/** A figure with its label and icon (dashboards, template preview). */
export default function StatCard({
  label,
  value,
  icon,
  color = 'primary',
  trend,
  trendUp,
}: StatCardProps) {
  return (
    <div className="block block-rounded h-100 mb-0">
      <div className="block-content p-3 d-flex justify-content-between align-items-start gap-3">
        <div>
          <div className="small text-uppercase text-body-secondary fw-semibold mb-1">{label}</div>
          <div className="fs-3 fw-bold text-body-emphasis">{value}</div>
          {trend && (
            <div className={`small ${trendUp ? 'text-success' : 'text-danger'}`}>
              <i
                className={`bi ${trendUp ? 'bi-arrow-up-right' : 'bi-arrow-down-right'} me-1`}
                aria-hidden="true"
              />
              {trend}
            </div>
          )}
        </div>
        <span
          className={`d-inline-flex align-items-center justify-content-center rounded-3 bg-${color}-subtle text-${color}-emphasis flex-shrink-0`}
          style={{ width: 48, height: 48 }}
          aria-hidden="true"
        >
          <i className={`${icon} fs-4`} />
        </span>
      </div>
    </div>
  )
}
