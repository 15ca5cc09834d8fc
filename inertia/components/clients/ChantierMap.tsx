/*
 * A small map of the worksite drawn from its coordinates alone: an outline of Belgium, a few
 * towns and the marker, in inline SVG. Nothing is fetched (no tile server: works offline, in
 * the tests and under the CSP).
 */

// Rough outline of Belgium, [longitude, latitude], clockwise from De Panne
const BELGIUM: [number, number][] = [
  [2.546, 51.089],
  [2.72, 51.15],
  [2.92, 51.23],
  [3.12, 51.33],
  [3.37, 51.37],
  [3.4, 51.26],
  [3.55, 51.23],
  [3.8, 51.21],
  [4.0, 51.25],
  [4.24, 51.35],
  [4.4, 51.36],
  [4.47, 51.47],
  [4.77, 51.45],
  [4.93, 51.42],
  [5.1, 51.43],
  [5.31, 51.26],
  [5.55, 51.27],
  [5.85, 51.15],
  [5.75, 51.0],
  [5.7, 50.9],
  [5.63, 50.85],
  [5.68, 50.76],
  [5.9, 50.76],
  [6.02, 50.75],
  [6.27, 50.62],
  [6.18, 50.55],
  [6.4, 50.33],
  [6.33, 50.25],
  [6.18, 50.15],
  [6.13, 50.13],
  [6.03, 50.16],
  [5.75, 49.88],
  [5.9, 49.65],
  [5.82, 49.55],
  [5.47, 49.5],
  [5.25, 49.69],
  [4.85, 49.79],
  [4.85, 49.95],
  [4.79, 49.97],
  [4.87, 50.15],
  [4.7, 50.1],
  [4.43, 49.93],
  [4.22, 49.96],
  [4.14, 50.13],
  [4.11, 50.31],
  [3.78, 50.35],
  [3.67, 50.45],
  [3.29, 50.53],
  [3.25, 50.71],
  [3.1, 50.77],
  [2.87, 50.7],
  [2.63, 50.82],
  [2.6, 50.97],
]

const TOWNS: { name: string; lng: number; lat: number }[] = [
  { name: 'Bruxelles', lng: 4.352, lat: 50.847 },
  { name: 'Anvers', lng: 4.402, lat: 51.219 },
  { name: 'Gand', lng: 3.722, lat: 51.054 },
  { name: 'Namur', lng: 4.867, lat: 50.467 },
  { name: 'Liège', lng: 5.571, lat: 50.633 },
  { name: 'Charleroi', lng: 4.444, lat: 50.411 },
  { name: 'Mons', lng: 3.952, lat: 50.454 },
  { name: 'Arlon', lng: 5.817, lat: 49.683 },
]

const WEST = 2.45
const NORTH = 51.6
const EAST = 6.5
const SOUTH = 49.4
// Equirectangular projection at Belgium's latitude, 100 units per degree of latitude
const X_SCALE = 100 * Math.cos((50.5 * Math.PI) / 180)
const project = (lng: number, lat: number) => ({
  x: (lng - WEST) * X_SCALE,
  y: (NORTH - lat) * 100,
})
const WIDTH = (EAST - WEST) * X_SCALE
const HEIGHT = (NORTH - SOUTH) * 100

const coord = (value: number, positive: string, negative: string) =>
  `${Math.abs(value).toLocaleString('fr-BE', { maximumFractionDigits: 5 })}° ${value >= 0 ? positive : negative}`

export interface ChantierMapProps {
  lat: number | null
  lng: number | null
  label?: string | null
}

export default function ChantierMap({ lat, lng, label }: ChantierMapProps) {
  if (lat === null || lng === null) {
    return (
      <p className="text-body-secondary mb-0">
        <i className="bi bi-geo me-1" aria-hidden="true" />
        Coordonnées du chantier non renseignées.
      </p>
    )
  }
  const inside = lng >= WEST && lng <= EAST && lat >= SOUTH && lat <= NORTH
  const marker = project(lng, lat)
  const outline = BELGIUM.map(([x, y]) => {
    const p = project(x, y)
    return `${p.x.toFixed(1)},${p.y.toFixed(1)}`
  }).join(' ')
  const position = `${coord(lat, 'N', 'S')}, ${coord(lng, 'E', 'O')}`

  return (
    <figure className="mb-0" data-testid="chantier-map">
      {inside ? (
        <svg
          viewBox={`0 0 ${WIDTH.toFixed(0)} ${HEIGHT.toFixed(0)}`}
          role="img"
          aria-label={`Carte schématique : chantier${label ? ` à ${label}` : ''} (${position})`}
          className="w-100 border rounded bg-body-tertiary"
          style={{ maxHeight: 260 }}
        >
          <polygon
            points={outline}
            fill="var(--bs-secondary-bg)"
            stroke="var(--bs-secondary-color)"
            strokeWidth="0.8"
          />
          {TOWNS.map((t) => {
            const p = project(t.lng, t.lat)
            return (
              <g key={t.name} fill="var(--bs-secondary-color)">
                <circle cx={p.x} cy={p.y} r="1.6" />
                <text x={p.x + 3} y={p.y + 3} fontSize="8">
                  {t.name}
                </text>
              </g>
            )
          })}
          <g transform={`translate(${marker.x.toFixed(1)} ${marker.y.toFixed(1)})`}>
            <circle r="9" fill="var(--bs-danger)" opacity="0.2" />
            <path
              d="M0 0 L-4.5 -9 A5 5 0 1 1 4.5 -9 Z"
              fill="var(--bs-danger)"
              stroke="#fff"
              strokeWidth="0.8"
            />
            <circle cy="-10.5" r="1.8" fill="#fff" />
          </g>
        </svg>
      ) : (
        <p className="text-body-secondary">Le chantier est hors de la carte de Belgique.</p>
      )}
      <figcaption className="small text-body-secondary mt-2 d-flex flex-wrap gap-2 justify-content-between">
        <span>
          <i className="bi bi-geo-alt me-1" aria-hidden="true" />
          {position}
        </span>
        <a
          href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Ouvrir dans OpenStreetMap
          <i className="bi bi-box-arrow-up-right ms-1" aria-hidden="true" />
        </a>
      </figcaption>
    </figure>
  )
}
