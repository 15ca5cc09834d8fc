import Bdc from '#models/bdc'
import Commande from '#models/commande'
import type Facture from '#models/facture'
import FactureTransformer from '#transformers/sales/facture_transformer'

/** The esi/compta/facture/Show page's prop, shaped by the transformer. */
export async function factureDetail(facture: Facture) {
  await facture.load('lignes')
  const [bdc, commande] = await Promise.all([
    facture.bdcId ? Bdc.find(facture.bdcId) : null,
    facture.commandeId ? Commande.find(facture.commandeId) : null,
  ])
  return new FactureTransformer(facture).forDetail({
    bdc_numero: bdc?.numero ?? null,
    commande_numero: commande?.numero ?? null,
  })
}
