/*
 * The planning map's Leaflet code (issue 13 §4), loaded by a dynamic import from the PlanifMap
 * page only: Leaflet, its clustering plugin, their CSS and the offline base map never weigh on
 * the other pages. Vanilla Leaflet in a React ref (no React binding). Markers are L.divIcon
 * (no marker image to fetch); the base map is the packaged GeoJSON of Belgium and its
 * neighbours unless the server configured a tile URL (MAP_TILE_URL) — so by default no request
 * leaves the app.
 */
import L from 'leaflet'
// Leaflet's own styles come through carte.css (@import): a page never links node_modules
import './carte.css'
import benelux from '../../../assets/carte/benelux.geo.json'

/** The map in `element`, once the clustering plugin (a UMD script extending the global L) is in. */
export async function creerCarte(element: HTMLElement, tuiles: Tuiles): Promise<CartePlanning> {
  ;(window as unknown as { L: typeof L }).L = L
  await import('leaflet.markercluster')
  return new CartePlanning(element, tuiles)
}

export type Tuiles = { url: string | null; attribution: string | null }

export type MarqueurAttente = {
  cle: string
  lat: number
  lng: number
  couleur: string
  titre: string
}

export type MarqueurVisite = {
  id: number
  lat: number
  lng: number
  couleur: string
  numero: number
  titre: string
  /** The selected person's visits stand out; the others are drawn lighter. */
  actif: boolean
}

/** Belgium in the middle, its neighbours around. */
const CENTRE: L.LatLngTuple = [50.6, 4.6]
const CADRE: L.LatLngBoundsExpression = [
  [47.5, -1.5],
  [54, 11],
]

export class CartePlanning {
  readonly map: L.Map
  private attente: L.MarkerClusterGroup
  private visites = L.layerGroup()
  private route = L.layerGroup()
  private depart = L.layerGroup()
  private popup = L.popup({ maxWidth: 320, minWidth: 240, autoPanPadding: [16, 16] })
  private onClick: ((lat: number, lng: number) => void) | null = null

  constructor(element: HTMLElement, tuiles: Tuiles) {
    this.map = L.map(element, {
      center: CENTRE,
      zoom: 8,
      minZoom: 6,
      maxZoom: 18,
      maxBounds: CADRE,
      attributionControl: true,
    })
    this.map.attributionControl.setPrefix(false)
    if (tuiles.url) {
      L.tileLayer(tuiles.url, { attribution: tuiles.attribution ?? '', maxZoom: 19 }).addTo(
        this.map
      )
    } else {
      element.classList.add('carte-hors-ligne')
      L.geoJSON(benelux as unknown as GeoJSON.FeatureCollection, {
        interactive: false,
        style: (feature) =>
          feature?.properties?.belgique
            ? { color: '#475569', weight: 1.5, fillColor: '#f8fafc', fillOpacity: 1 }
            : { color: '#94a3b8', weight: 1, fillColor: '#e2e8f0', fillOpacity: 1 },
      }).addTo(this.map)
      this.map.attributionControl.addAttribution('Fond : Natural Earth (domaine public)')
    }
    this.attente = L.markerClusterGroup({
      showCoverageOnHover: false,
      maxClusterRadius: 50,
      chunkedLoading: true,
    })
    this.map.addLayer(this.attente)
    this.route.addTo(this.map)
    this.depart.addTo(this.map)
    this.visites.addTo(this.map)
    this.map.on('click', (e: L.LeafletMouseEvent) => this.onClick?.(e.latlng.lat, e.latlng.lng))
  }

  /** The next click on the map gives its coordinates (placing an address); null stops. */
  setPlacement(callback: ((lat: number, lng: number) => void) | null) {
    this.onClick = callback
    this.map.getContainer().classList.toggle('carte-placement', Boolean(callback))
  }

  setAttente(items: MarqueurAttente[], onSelect: (cle: string, marker: L.Marker) => void) {
    this.attente.clearLayers()
    const markers = items.map((item) => {
      const marker = L.marker([item.lat, item.lng], {
        title: item.titre,
        alt: item.titre,
        keyboard: true,
        icon: L.divIcon({
          className: 'carte-attente',
          html: `<span style="background:${item.couleur}" aria-hidden="true"></span>`,
          iconSize: [22, 22],
          iconAnchor: [11, 11],
        }),
      })
      marker.on('click keypress', () => onSelect(item.cle, marker))
      const el = () => marker.getElement()
      marker.on('add', () => {
        el()?.setAttribute('aria-label', item.titre)
        el()?.setAttribute('data-cle', item.cle)
      })
      return marker
    })
    this.attente.addLayers(markers)
  }

  setVisites(items: MarqueurVisite[], onSelect: (id: number, marker: L.Marker) => void) {
    this.visites.clearLayers()
    for (const v of items) {
      const marker = L.marker([v.lat, v.lng], {
        title: `${v.numero}. ${v.titre}`,
        keyboard: true,
        zIndexOffset: v.actif ? 1000 : 0,
        opacity: v.actif ? 1 : 0.75,
        icon: L.divIcon({
          className: 'carte-visite',
          html: `<span style="background:${v.couleur}">${v.numero}</span>`,
          iconSize: [28, 28],
          iconAnchor: [14, 14],
        }),
      })
      marker.on('click keypress', () => onSelect(v.id, marker))
      marker.on('add', () => {
        marker.getElement()?.setAttribute('aria-label', `Visite ${v.numero} : ${v.titre}`)
        marker.getElement()?.setAttribute('data-visite', String(v.id))
      })
      marker.addTo(this.visites)
    }
  }

  /** The selected person's route in its order (from the company's address when known). */
  setRoute(points: { lat: number; lng: number }[], couleur: string) {
    this.route.clearLayers()
    if (points.length < 2) return
    L.polyline(
      points.map((p) => [p.lat, p.lng] as L.LatLngTuple),
      { color: couleur, weight: 4, opacity: 0.8, dashArray: '8 6', interactive: false }
    ).addTo(this.route)
  }

  /** The start of the routes (the company), a small house. */
  setDepart(depart: { lat: number; lng: number } | null) {
    this.depart.clearLayers()
    if (!depart) return
    L.marker([depart.lat, depart.lng], {
      title: 'Adresse de l’entreprise (départ des tournées)',
      keyboard: false,
      icon: L.divIcon({
        className: 'carte-depart',
        html: '<i class="bi bi-house-door-fill" aria-hidden="true"></i>',
        iconSize: [26, 26],
        iconAnchor: [13, 13],
      }),
    }).addTo(this.depart)
  }

  openPopup(at: L.Marker | L.LatLngExpression, content: HTMLElement) {
    const latlng = at instanceof L.Marker ? at.getLatLng() : at
    this.popup.setLatLng(latlng).setContent(content).openOn(this.map)
  }

  onPopupClose(callback: () => void) {
    this.map.on('popupclose', callback)
  }

  closePopup() {
    this.map.closePopup()
  }

  /** Shows these points (the selected day's visits, or everything waiting). */
  fit(points: { lat: number; lng: number }[]) {
    if (!points.length) return
    const bounds = L.latLngBounds(points.map((p) => [p.lat, p.lng] as L.LatLngTuple))
    this.map.fitBounds(bounds.pad(0.15), { maxZoom: 12 })
  }

  invalidate() {
    this.map.invalidateSize()
  }

  destroy() {
    this.map.remove()
  }
}
