/** The document pipeline of DESIGN.md §1, as a strip of steps. */
const STEPS = [
  { icon: 'bi bi-file-earmark-text', label: 'Devis' },
  { icon: 'bi bi-pen', label: 'Bon de commande' },
  { icon: 'bi bi-rulers', label: 'Mesurage' },
  { icon: 'bi bi-truck', label: 'Fourniture' },
  { icon: 'bi bi-tools', label: 'Pose' },
  { icon: 'bi bi-receipt', label: 'Facture' },
]

export default function Pipeline() {
  return (
    <ol
      className="list-unstyled d-flex flex-wrap justify-content-center align-items-center gap-2 mb-0"
      aria-label="Le parcours d’un chantier"
    >
      {STEPS.map((step, i) => (
        <li key={step.label} className="d-flex align-items-center gap-2">
          <span className="badge rounded-pill bg-body text-body-emphasis border px-3 py-2 fw-semibold">
            <i className={`${step.icon} me-1 text-primary`} aria-hidden="true" />
            {step.label}
          </span>
          {i < STEPS.length - 1 && (
            <i className="bi bi-chevron-right text-body-tertiary" aria-hidden="true" />
          )}
        </li>
      ))}
    </ol>
  )
}
