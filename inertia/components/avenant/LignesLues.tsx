/*
 * The avenant's lines, read-only: what the customer signs or signed.
 */
import Block from '../ui/Block.js'
import LignesTable, { withKeys } from '../lignes/LignesTable.js'
import { devisCatalogue } from '../lignes/catalogue.js'
import type { AvenantProp } from './types.js'

/** The lines the customer signs, read-only (the same table as the editor). */
export default function LignesLues({ avenant }: { avenant: AvenantProp }) {
  return (
    <Block title={`Lignes de l’avenant ${avenant.numero}`}>
      <LignesTable
        lignes={withKeys(avenant.lignes)}
        onChange={() => {}}
        lineTotals={avenant.lignes.map((l) => l.total_ht)}
        errors={{}}
        catalogue={devisCatalogue}
        readOnly
      />
    </Block>
  )
}
