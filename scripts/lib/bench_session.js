/*
 * The bench's browser session (a cookie jar over fetch, logging in through the real forms) and
 * the 50-line devis its save and PDF scenarios use.
 */
/** A tiny cookie jar over fetch: what a browser session keeps between requests. */
export class Session {
  cookies = new Map()
  constructor(base) {
    this.base = base
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }
  async request(method, url, { form, json, headers = {} } = {}) {
    const init = { method, redirect: 'manual', headers: { cookie: this.header(), ...headers } }
    if (json) {
      init.body = JSON.stringify(json)
      init.headers['content-type'] = 'application/json'
      init.headers.accept = 'application/json'
      const xsrf = this.cookies.get('XSRF-TOKEN')
      if (xsrf) init.headers['x-xsrf-token'] = decodeURIComponent(xsrf)
    }
    if (form) {
      init.body = new URLSearchParams(form).toString()
      init.headers['content-type'] = 'application/x-www-form-urlencoded'
      const xsrf = this.cookies.get('XSRF-TOKEN')
      if (xsrf) init.headers['x-xsrf-token'] = decodeURIComponent(xsrf)
    }
    const response = await fetch(this.base + url, init)
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = pair.indexOf('=')
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1))
    }
    return response
  }
}

/** A section title or a sub-total: a line without quantity, price or VAT. */
const textLine = (type, designation) => ({
  type,
  designation,
  quantite: '',
  unite: null,
  prix_unitaire_ht: '',
  remise_pct: '0',
  taux_tva: null,
  produit_id: null,
})

/** "123456" cents → "1234,56" as typed in the editor */
const typedMoney = (cents) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`

/**
 * The devis of the save and PDF scenarios: 50 lines (5 sections of 8 products and a sub-total),
 * typed as the editor sends them; one devis per connection (twice as many, for slack), made once
 * through POST /esi/devis (JSON) and reused by later runs. Returns the ids, the body, the JSON
 * headers of the session and `locks()`, each devis's current lock_version.
 */
export async function prepareDevisBench(session, user, connections) {
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const OBJET = 'Devis de bench (50 lignes)'
  const produits = await db
    .from('produits')
    .where('actif', true)
    .orderBy('id')
    .limit(40)
    .select('id', 'libelle', 'unite', 'prix_vente_ht', 'taux_tva')
  const client = await db.from('clients').orderBy('id_client').first()
  // The PDF prints the company's details: a bench database made only by db:volume has none
  if (!(await db.from('societes').where('type', 'esi').first())) {
    await db.table('societes').insert({
      nom: 'Menuiserie de bench SRL',
      type: 'esi',
      forme_juridique: 'SRL',
      numero_tva: 'BE0456789034',
      adresse: 'Rue de Fer 1',
      code_postal: '5000',
      localite: 'Namur',
      pays: 'BE',
      iban: 'BE68539007547034',
      bic: 'GKCCBEBB',
      created_at: new Date(),
      updated_at: new Date(),
    })
  }
  if (produits.length < 40 || !client) throw new Error('Données de volume manquantes (db:volume)')
  const lignes = []
  for (let s = 0; s < 5; s++) {
    lignes.push(textLine('section', `Lot ${s + 1}`))
    for (let k = 0; k < 8; k++) {
      const p = produits[s * 8 + k]
      lignes.push({
        type: 'produit',
        produit_id: p.id,
        designation: p.libelle,
        quantite: k % 3 === 0 ? '2,5' : String(1 + (k % 4)),
        unite: p.unite,
        prix_unitaire_ht: typedMoney(Number(p.prix_vente_ht)),
        remise_pct: k % 4 === 1 ? '5' : '0',
        taux_tva: p.taux_tva,
      })
    }
    lignes.push(textLine('sous_total', `Sous-total lot ${s + 1}`))
  }
  const body = {
    client_id: Number(client.id_client),
    commercial_id: user.id,
    objet: OBJET,
    adresse_chantier: 'Rue de Fer 12, 5000 Namur',
    remise_globale_pct: '2,5',
    acompte_pct: '30',
    intro: 'Devis de mesure de performance.',
    conditions: 'Conditions générales de vente.',
    lignes,
  }
  const wanted = connections * 2
  const existing = await db
    .from('devis')
    .where({ objet: OBJET, created_by: user.id, statut: 'brouillon' })
    .orderBy('id')
    .limit(wanted)
    .select('id')
  const ids = existing.map((r) => r.id)
  while (ids.length < wanted) {
    const response = await session.request('POST', '/esi/devis', { json: body })
    if (response.status !== 201) {
      throw new Error(
        `Création du devis de bench impossible : HTTP ${response.status} ${await response.text()}`
      )
    }
    ids.push((await response.json()).id)
  }
  const xsrf = session.cookies.get('XSRF-TOKEN')
  return {
    ids,
    body,
    headers: {
      cookie: session.header(),
      'content-type': 'application/json',
      accept: 'application/json',
      'x-xsrf-token': xsrf ? decodeURIComponent(xsrf) : '',
    },
    /** The current lock_version of each devis, in the order of `ids`. */
    locks: async () => {
      const rows = await db.from('devis').whereIn('id', ids).select('id', 'lock_version')
      const byId = new Map(rows.map((r) => [r.id, r.lock_version]))
      return ids.map((id) => byId.get(id))
    },
  }
}
