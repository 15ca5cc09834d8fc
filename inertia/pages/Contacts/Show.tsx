import { useState, type ReactNode } from 'react'
import { Head, Link, router, usePage } from '@inertiajs/react'
import PageHeader from '../../components/layout/PageHeader.js'
import Block from '../../components/ui/Block.js'
import ContactModal from '../../components/contacts/ContactModal.js'
import type { ContactDetail, SocieteOption } from '../../components/contacts/types.js'
import { confirmDelete } from '~/lib/dialogs'
import { formatDateTime } from '~/lib/format'
import type { SharedProps } from '~/types'
import { route } from '~/lib/route'

export type ShowProps = {
  contact: ContactDetail
  societes: SocieteOption[]
  seesAll: boolean
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="row py-2 border-bottom">
      <dt className="col-sm-4 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-8 mb-0">{children || <span className="text-body-tertiary">—</span>}</dd>
    </div>
  )
}

export default function Show({ contact, societes }: ShowProps) {
  const [editing, setEditing] = useState(false)
  const name = [contact.prenom, contact.nom].filter(Boolean).join(' ')
  const place = [contact.code_postal, contact.localite].filter(Boolean).join(' ')

  async function destroy() {
    if (
      await confirmDelete({
        title: `Supprimer ${name} ?`,
        text: 'Ce contact sera définitivement supprimé.',
      })
    ) {
      router.delete(route('partner.contacts.destroy', { id: contact.id }))
    }
  }

  // Offres are written by the contact's pro société (an esi only reads transmitted ones)
  const isPro = usePage<SharedProps>().props.user?.effective_role === 'pro'

  return (
    <>
      <Head title={name} />
      <PageHeader
        title={name}
        subtitle={contact.societe.nom}
        breadcrumb={[{ label: 'Contacts', href: route('partner.contacts.index') }, { label: name }]}
        actions={
          <div className="d-flex gap-2">
            {isPro && (
              <Link
                href={route('partner.offres.create', {}, { contact_id: contact.id })}
                className="btn btn-alt-primary"
              >
                <i className="bi bi-file-earmark-plus me-1" aria-hidden="true" />
                Nouvelle offre
              </Link>
            )}
            <button type="button" className="btn btn-primary" onClick={() => setEditing(true)}>
              <i className="bi bi-pencil me-1" aria-hidden="true" />
              Modifier
            </button>
            <button type="button" className="btn btn-alt-danger" onClick={destroy}>
              <i className="bi bi-trash me-1" aria-hidden="true" />
              Supprimer
            </button>
          </div>
        }
      />
      <div className="content">
        <div className="row g-4">
          <div className="col-lg-8">
            <Block title="Coordonnées">
              <dl className="mb-3">
                <Line label="Société">{contact.societe.nom}</Line>
                <Line label="E-mail">
                  {contact.email && <a href={`mailto:${contact.email}`}>{contact.email}</a>}
                </Line>
                <Line label="Téléphone">
                  {contact.telephone && (
                    <a href={`tel:${contact.telephone.replace(/[^+\d]/g, '')}`}>
                      {contact.telephone}
                    </a>
                  )}
                </Line>
                <Line label="Adresse">
                  {(contact.adresse || place) && (
                    <>
                      {contact.adresse}
                      {contact.adresse && place && <br />}
                      {place}
                    </>
                  )}
                </Line>
              </dl>
            </Block>
          </div>
          <div className="col-lg-4">
            <Block title="Notes">
              {contact.notes ? (
                <p className="mb-3" style={{ whiteSpace: 'pre-line' }}>
                  {contact.notes}
                </p>
              ) : (
                <p className="text-body-secondary mb-3">Pas de note.</p>
              )}
            </Block>
            <p className="small text-body-secondary">
              Créé le {formatDateTime(contact.created_at)} · modifié le{' '}
              {formatDateTime(contact.updated_at)}
            </p>
            <Link href={route('partner.contacts.index')} className="btn btn-alt-secondary">
              <i className="bi bi-arrow-left me-1" aria-hidden="true" />
              Tous les contacts
            </Link>
          </div>
        </div>
      </div>
      {editing && (
        <ContactModal contact={contact} societes={societes} onClose={() => setEditing(false)} />
      )}
    </>
  )
}
