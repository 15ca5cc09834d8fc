/*
 * CSV import of the catalogue: the file goes to the server, which checks every line first and
 * imports all or nothing; refused lines come back with their line number.
 */
import { useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import DialogModal from '../ui/DialogModal.js'
import { http, HttpError } from '../../lib/http.js'
import { toast } from '../../lib/toast.js'
import type { ImportLineError } from '@shared/produits'
import { route } from '~/lib/route'

export interface ProduitImportModalProps {
  show: boolean
  onClose: () => void
}

type Refusal = { message: string; errors: ImportLineError[] }

export default function ProduitImportModal({ show, onClose }: ProduitImportModalProps) {
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | null>(null)

  function close() {
    setFile(null)
    setRefusal(null)
    onClose()
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!file) {
      setRefusal({ message: 'Choisissez un fichier CSV à importer.', errors: [] })
      return
    }
    const body = new FormData()
    body.append('fichier', file)
    setBusy(true)
    setRefusal(null)
    try {
      const result = await http.post<{ message: string }>(route('esi.produits.import'), body)
      void toast('success', result.message)
      close()
      router.reload({ only: ['produits', 'categories'] })
    } catch (error) {
      const data = error instanceof HttpError ? (error.body as Partial<Refusal> | null) : null
      setRefusal({
        message: data?.message ?? 'L’import a échoué. Réessayez.',
        errors: Array.isArray(data?.errors) ? data.errors : [],
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <DialogModal show={show} onClose={close} size="lg" title="Importer des produits (CSV)">
      <form onSubmit={submit} noValidate>
        <p className="small text-body-secondary">
          Colonnes de l’export : Référence ; Libellé ; Description ; Unité ; Prix d’achat ; Prix de
          vente HT ; TVA % ; Catégorie ; Fournisseur ; Actif. Séparateur « ; » (ou « , »), montants
          en euros (« 1 234,50 »). Un produit dont la référence existe est mis à jour. Toutes les
          lignes sont vérifiées d’abord : s’il y a une erreur, rien n’est importé. 2 Mo au plus.
        </p>
        <div className="mb-3">
          <label htmlFor="import-file" className="form-label">
            Fichier CSV
          </label>
          <input
            id="import-file"
            name="fichier"
            type="file"
            accept=".csv,text/csv"
            className={`form-control ${refusal ? 'is-invalid' : ''}`}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            aria-describedby={refusal ? 'import-errors' : undefined}
          />
        </div>
        {refusal && (
          <div id="import-errors" className="alert alert-danger" role="alert">
            <p className="fw-semibold mb-2">{refusal.message}</p>
            {refusal.errors.length > 0 && (
              <div className="table-responsive" style={{ maxHeight: 260 }}>
                <table className="table table-sm mb-0">
                  <thead>
                    <tr>
                      <th scope="col">Ligne</th>
                      <th scope="col">Erreurs</th>
                    </tr>
                  </thead>
                  <tbody>
                    {refusal.errors.map((e) => (
                      <tr key={e.line}>
                        <td>{e.line}</td>
                        <td>{e.messages.join(' ')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        )}
        <div className="d-flex justify-content-end gap-2">
          <button type="button" className="btn btn-alt-secondary" onClick={close}>
            Fermer
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? (
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            ) : (
              <i className="bi bi-upload me-2" aria-hidden="true" />
            )}
            Importer
          </button>
        </div>
      </form>
    </DialogModal>
  )
}
