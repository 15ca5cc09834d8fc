/*
 * The props of esi/archive/Show (issue 14 §4): each part in the shape its own page already
 * receives (app/services/commandes/archive_dossier.ts gathers them from the same loaders).
 */
import type { Data } from '~generated/data'
import type { CommandeTimeline } from '@shared/commande_timeline'
import type { DevisRevisionItem } from '@shared/devis_editor'
import type { DevisStatut } from '@shared/devis'
import type { ServerRow } from '../../lib/mesurage_draft.js'
import type { CfDetail } from '@shared/commandes_fournisseur'
import type { ReceptionView } from '@shared/receptions'
import type { CommandeBalance, FactureRow } from '@shared/factures'
import type { NoteCreditListItem } from '@shared/notes_credit'
import type { PaiementListItem } from '@shared/paiements'
import type { ArchiveMail } from '@shared/archive'
import type { AvenantResumeProps } from '../commande/AvenantResume.js'

export type ArchiveFichier = {
  id: number
  etape: string | null
  kind: string
  nom: string
  legende: string | null
  prise_le: string | null
  created_at: string
}

export type ArchiveShowProps = {
  commande: Data.Commande.Variants['forDetail']
  fin_le: string | null
  timeline: CommandeTimeline
  devis: {
    id: number
    numero: string | null
    revision: number
    statut: DevisStatut
    date_devis: string | null
    objet: string
    total_ttc: number
    envoye_le: string | null
    accepte_le: string | null
    revisions: DevisRevisionItem[]
  } | null
  bdc: Data.Bdc.Variants['forDetail']
  mesure: {
    statut: string
    validee_le: string | null
    validee_par: string | null
    remarques: string
    lignes: ServerRow[]
    document: { id: number; nom: string; created_at: string } | null
  } | null
  avenant: AvenantResumeProps
  commandes_fournisseur: CfDetail[]
  reception: ReceptionView | null
  facturation: { factures: FactureRow[]; balance: CommandeBalance }
  notes_credit: NoteCreditListItem[]
  paiements: PaiementListItem[]
  mails: ArchiveMail[]
  fichiers: ArchiveFichier[]
}
