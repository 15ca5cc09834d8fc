/** What the server ignored in the URL (unknown sort key, bad filter value…), in French. */
export default function ListWarnings({ warnings }: { warnings: string[] }) {
  if (!warnings.length) return null
  return (
    <div className="alert alert-warning py-2 small" role="status">
      <i className="bi bi-info-circle me-1" aria-hidden="true" />
      {warnings.length === 1 ? (
        warnings[0]
      ) : (
        <ul className="mb-0 ps-3">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
