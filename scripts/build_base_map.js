/*
 * `node scripts/build_base_map.js`: the offline base map of the planning map (issue 13 §4) —
 * Belgium and its neighbours (France, the Netherlands, Germany, Luxembourg) as GeoJSON, from
 * world-atlas (Natural Earth 1:10m, public domain) through topojson-client. Overseas parts of
 * France are dropped (only what lies in the frame around Belgium is kept) and coordinates are
 * rounded to ~100 m, so the file stays small. Its output is committed:
 * inertia/assets/carte/benelux.geo.json (imported by the map page only, served by Vite).
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { feature } from 'topojson-client'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SOURCE = path.join(ROOT, 'node_modules/world-atlas/countries-10m.json')
const OUT = path.join(ROOT, 'inertia/assets/carte/benelux.geo.json')

/** ISO 3166-1 numeric codes (world-atlas ids) → French names. */
const PAYS = {
  '056': 'Belgique',
  250: 'France',
  528: 'Pays-Bas',
  276: 'Allemagne',
  442: 'Luxembourg',
}
/** The frame kept around Belgium: [west, south, east, north]. */
const CADRE = [-5.5, 42, 16, 55.5]
const DECIMALES = 3

const round = (n) => Math.round(n * 10 ** DECIMALES) / 10 ** DECIMALES

function inFrame(ring) {
  return ring.some(
    ([lng, lat]) => lng >= CADRE[0] && lng <= CADRE[2] && lat >= CADRE[1] && lat <= CADRE[3]
  )
}

/** Rounded ring without the repeated points rounding makes (a ring keeps at least 4). */
function roundRing(ring) {
  const out = []
  for (const [lng, lat] of ring) {
    const p = [round(lng), round(lat)]
    const last = out.at(-1)
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p)
  }
  return out.length >= 4 ? out : null
}

const topology = JSON.parse(readFileSync(SOURCE, 'utf8'))
const countries = feature(topology, topology.objects.countries)
const features = []
for (const f of countries.features) {
  const nom = PAYS[f.id]
  if (!nom) continue
  const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates
  const kept = polygons
    .filter((poly) => inFrame(poly[0]))
    .map((poly) => poly.map(roundRing).filter(Boolean))
    .filter((poly) => poly.length)
  features.push({
    type: 'Feature',
    id: f.id,
    properties: { nom, belgique: f.id === '056' },
    geometry: { type: 'MultiPolygon', coordinates: kept },
  })
}
if (features.length !== Object.keys(PAYS).length) {
  throw new Error(`world-atlas: ${features.length} pays trouvés sur ${Object.keys(PAYS).length}`)
}
features.sort((a, b) => Number(a.properties.belgique) - Number(b.properties.belgique))
const geojson = {
  type: 'FeatureCollection',
  // Natural Earth is public domain; world-atlas (ISC) packages it as TopoJSON
  source: 'Natural Earth 1:10m via world-atlas (domaine public)',
  features,
}
mkdirSync(path.dirname(OUT), { recursive: true })
writeFileSync(OUT, JSON.stringify(geojson) + '\n')
console.log(`› ${path.relative(ROOT, OUT)} : ${features.length} pays`)
