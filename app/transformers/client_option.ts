import type Client from '#models/client'
import { clientDisplayName } from '#shared/clients'
import type { DevisClientOption } from '#shared/devis_editor'

type ClientRow = Pick<
  Client,
  | 'idClient'
  | 'type'
  | 'civilite'
  | 'nom'
  | 'prenom'
  | 'societe'
  | 'email'
  | 'facturationCodePostal'
  | 'facturationLocalite'
  | 'chantierRue'
  | 'chantierCodePostal'
  | 'chantierLocalite'
>

/** A client as the devis editor's picker and header show it. */
export function clientOption(c: ClientRow): DevisClientOption {
  const chantier = [
    c.chantierRue,
    [c.chantierCodePostal, c.chantierLocalite].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ')
  return {
    id: c.idClient,
    nom: clientDisplayName(c),
    detail:
      [
        `n° ${c.idClient}`,
        [c.facturationCodePostal, c.facturationLocalite].filter(Boolean).join(' '),
      ]
        .filter(Boolean)
        .join(' · ') || null,
    email: c.email,
    adresse_chantier: chantier || null,
  }
}
