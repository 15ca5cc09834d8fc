/*
 * What a payment gives to each open facture of its client (the « Nouveau paiement » form and
 * the manual matching of a bank line): one amount field per facture, oldest due date first,
 * and what stays the client's credit.
 */
import { formatDate } from '../../lib/format.js'
import type { FactureOuverte } from '@shared/paiements'
import { formatEuros, parseScaled } from '@shared/totals'

export const centsOf = (text: string) => Number(parseScaled(text, 2) ?? 0n)

/** The non-empty parts, as the payment routes read them. */
export function allocationsOf(parts: Record<number, string>) {
  return Object.entries(parts)
    .filter(([, m]) => m.trim() !== '' && centsOf(m) > 0)
    .map(([id, m]) => ({ facture_id: Number(id), montant: m }))
}

export default function FacturesAllocation({
  ouvertes,
  parts,
  onChange,
  montant,
}: {
  ouvertes: FactureOuverte[]
  parts: Record<number, string>
  onChange: (parts: Record<number, string>) => void
  /** The payment's amount in cents */
  montant: number
}) {
  const reparti = Object.values(parts).reduce((s, m) => s + centsOf(m), 0)
  return (
    <>
      {ouvertes.length === 0 ? (
        <p className="text-body-secondary">Aucune facture ouverte pour ce client.</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm">
            <caption>
              Répartition sur les factures ouvertes (la plus ancienne échéance d’abord)
            </caption>
            <thead>
              <tr>
                <th scope="col">Facture</th>
                <th scope="col">Échéance</th>
                <th scope="col" className="text-end">
                  Reste dû
                </th>
                <th scope="col">À répartir (€)</th>
              </tr>
            </thead>
            <tbody>
              {ouvertes.map((f) => (
                <tr key={f.id}>
                  <td className="text-nowrap">{f.numero}</td>
                  <td>{formatDate(f.echeance)}</td>
                  <td className="text-end text-nowrap">{formatEuros(f.reste)}</td>
                  <td style={{ minWidth: '7rem' }}>
                    <input
                      className="form-control form-control-sm"
                      inputMode="decimal"
                      aria-label={`Montant réparti sur ${f.numero}`}
                      value={parts[f.id] ?? ''}
                      onChange={(e) => onChange({ ...parts, [f.id]: e.target.value })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="text-body-secondary">
        Réparti : {formatEuros(reparti)} — reste en crédit du client :{' '}
        {formatEuros(Math.max(0, montant - reparti))}
      </p>
    </>
  )
}
