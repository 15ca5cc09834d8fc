/*
 * Create or edit a product (esi/produits/Index). Prices are typed the French way ("1 234,50")
 * and checked as you type with the parser the server uses (shared/money.ts).
 */
import type { FormEvent } from 'react'
import { useForm } from '@inertiajs/react'
import FormConflict, { withoutConflict } from '../form/FormConflict.js'
import { centsToInput, moneyError, parseMoney } from '@shared/money'
import { TAUX_TVA, UNITE_LABELS, UNITES, type ProduitItem } from '@shared/produits'
import type { SocieteOption } from '@shared/clients'
import DialogModal from '../ui/DialogModal.js'
import { Checkbox, FormError, SubmitButton, TextInput } from '../form/index.js'
import { SelectField, TextAreaField } from '../clients/fields.js'
import { formatMoney } from '../../lib/format.js'
import { route } from '~/lib/route'

export interface ProduitFormModalProps {
  show: boolean
  onClose: () => void
  produit?: ProduitItem | null
  categories: string[]
  fournisseurs: SocieteOption[]
}

function initialData(p?: ProduitItem | null) {
  return {
    reference: p?.reference ?? '',
    libelle: p?.libelle ?? '',
    description: p?.description ?? '',
    unite: p?.unite ?? 'piece',
    prix_achat: centsToInput(p?.prix_achat),
    prix_vente_ht: centsToInput(p?.prix_vente_ht),
    taux_tva: String(p?.taux_tva ?? 21),
    categorie: p?.categorie ?? '',
    fournisseur_id: p?.fournisseur ? String(p.fournisseur.id) : '',
    actif: p?.actif ?? true,
    /** Sent with an edit (optimistic lock); ignored on creation. */
    lock_version: p?.lock_version ?? 0,
  }
}

type ProduitFormData = ReturnType<typeof initialData>

const LABELS = {
  reference: 'Référence',
  libelle: 'Libellé',
  description: 'Description',
  unite: 'Unité',
  prix_achat: 'Prix d’achat',
  prix_vente_ht: 'Prix de vente HT',
  taux_tva: 'TVA',
  categorie: 'Catégorie',
  fournisseur_id: 'Fournisseur',
  actif: 'Actif',
}

/** The amount as it will be stored, or the parser's French message. */
function moneyHint(value: string) {
  if (!value.trim()) return undefined
  const error = moneyError(value)
  return error ? (
    <span className="text-danger">{error}</span>
  ) : (
    `= ${formatMoney(parseMoney(value))}`
  )
}

export default function ProduitFormModal(props: ProduitFormModalProps) {
  const { show, onClose, produit, categories, fournisseurs } = props
  const form = useForm<ProduitFormData>(initialData(produit))
  const { data, errors } = form

  function close() {
    form.clearErrors()
    form.setData(initialData(produit))
    onClose()
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const options = {
      preserveScroll: true,
      preserveState: true,
      onSuccess: () => {
        form.reset()
        onClose()
      },
    }
    if (produit) form.put(route('esi.produits.update', { id: produit.id }), options)
    else form.post(route('esi.produits.store'), options)
  }

  const money = (name: 'prix_achat' | 'prix_vente_ht', required: boolean) => (
    <TextInput
      name={name}
      label={`${LABELS[name]} (€)`}
      value={data[name]}
      onChange={(v) => form.setData(name, v)}
      error={errors[name]}
      help={moneyHint(data[name])}
      inputMode="decimal"
      placeholder="0,00"
      required={required}
      groupClassName="mb-3"
    />
  )

  return (
    <DialogModal
      show={show}
      onClose={close}
      size="lg"
      title={produit ? `Modifier le produit ${produit.reference}` : 'Nouveau produit'}
    >
      <form onSubmit={submit} noValidate id="produit-form">
        <FormConflict errors={errors} />
        <FormError errors={withoutConflict(errors)} labels={LABELS} compact />
        <div className="row g-3">
          <div className="col-sm-4">
            <TextInput
              name="reference"
              label={LABELS.reference}
              value={data.reference}
              onChange={(v) => form.setData('reference', v)}
              error={errors.reference}
              maxLength={40}
              required
              groupClassName="mb-3"
            />
          </div>
          <div className="col-sm-8">
            <TextInput
              name="libelle"
              label={LABELS.libelle}
              value={data.libelle}
              onChange={(v) => form.setData('libelle', v)}
              error={errors.libelle}
              maxLength={200}
              required
              groupClassName="mb-3"
            />
          </div>
        </div>
        <TextAreaField
          name="description"
          label={LABELS.description}
          value={data.description}
          onChange={(v) => form.setData('description', v)}
          error={errors.description}
          maxLength={2000}
          groupClassName="mb-3"
        />
        <div className="row g-3">
          <div className="col-sm-4">
            <SelectField
              name="unite"
              label={LABELS.unite}
              value={data.unite}
              onChange={(v) => form.setData('unite', v as ProduitFormData['unite'])}
              options={UNITES.map((u) => ({ value: u, label: UNITE_LABELS[u] }))}
              error={errors.unite}
              required
              groupClassName="mb-3"
            />
          </div>
          <div className="col-sm-4">{money('prix_achat', false)}</div>
          <div className="col-sm-4">{money('prix_vente_ht', true)}</div>
          <div className="col-sm-4">
            <SelectField
              name="taux_tva"
              label={LABELS.taux_tva}
              value={data.taux_tva}
              onChange={(v) => form.setData('taux_tva', v)}
              options={TAUX_TVA.map((t) => ({ value: String(t), label: `${t} %` }))}
              error={errors.taux_tva}
              required
              help="6 % : rénovation d’un logement de plus de 10 ans."
              groupClassName="mb-3"
            />
          </div>
          <div className="col-sm-4">
            <TextInput
              name="categorie"
              label={LABELS.categorie}
              value={data.categorie}
              onChange={(v) => form.setData('categorie', v)}
              error={errors.categorie}
              list="produit-categories"
              maxLength={80}
              groupClassName="mb-3"
            />
            <datalist id="produit-categories">
              {categories.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </div>
          <div className="col-sm-4">
            <SelectField
              name="fournisseur_id"
              label={LABELS.fournisseur_id}
              value={data.fournisseur_id}
              onChange={(v) => form.setData('fournisseur_id', v)}
              options={fournisseurs.map((f) => ({ value: String(f.id), label: f.nom }))}
              emptyLabel="— Aucun —"
              error={errors.fournisseur_id}
              groupClassName="mb-3"
            />
          </div>
        </div>
        <Checkbox
          name="actif"
          label="Actif (proposé dans les devis et les offres)"
          checked={data.actif}
          onChange={(v) => form.setData('actif', v)}
          error={errors.actif}
          switchStyle
          groupClassName="mb-3"
        />
        <div className="d-flex justify-content-end gap-2">
          <button type="button" className="btn btn-alt-secondary" onClick={close}>
            Annuler
          </button>
          <SubmitButton processing={form.processing} icon="bi bi-check-lg">
            {produit ? 'Enregistrer' : 'Ajouter au catalogue'}
          </SubmitButton>
        </div>
      </form>
    </DialogModal>
  )
}
