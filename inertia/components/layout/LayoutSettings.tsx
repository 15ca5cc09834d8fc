/*
 * "Paramètres d'affichage" (side overlay): every control writes to the layout store; dark mode and
 * colour theme are remembered by the store (localStorage).
 */
import type { ReactNode } from 'react'
import {
  COLOR_THEMES,
  layoutStore,
  useLayout,
  type ColorThemeName,
} from '../../lib/layout_store.js'

const THEME_LABELS: Record<ColorThemeName, string> = {
  default: 'Défaut',
  amethyst: 'Améthyste',
  city: 'City',
  flat: 'Flat',
  modern: 'Modern',
  smooth: 'Smooth',
}

interface Choice<T extends string> {
  value: T
  label: string
  icon?: string
}

/** A row of mutually exclusive buttons (radio group semantics). */
function Segmented<T extends string>({
  label,
  value,
  choices,
  onChange,
}: {
  label: string
  value: T
  choices: Choice<T>[]
  onChange: (value: T) => void
}) {
  return (
    <div className="settings-row">
      <div className="settings-label" id={`settings-${label}`}>
        {label}
      </div>
      <div
        className="btn-group btn-group-sm w-100"
        role="radiogroup"
        aria-labelledby={`settings-${label}`}
      >
        {choices.map((choice) => (
          <button
            key={choice.value}
            type="button"
            role="radio"
            aria-checked={value === choice.value}
            className={`btn ${value === choice.value ? 'btn-primary' : 'btn-alt-secondary'}`}
            onClick={() => onChange(choice.value)}
          >
            {choice.icon && <i className={`${choice.icon} me-1`} aria-hidden="true" />}
            {choice.label}
          </button>
        ))}
      </div>
    </div>
  )
}

function Switch({
  id,
  label,
  checked,
  onChange,
}: {
  id: string
  label: ReactNode
  checked: boolean
  onChange: () => void
}) {
  return (
    <div className="form-check form-switch settings-switch">
      <input
        className="form-check-input"
        type="checkbox"
        role="switch"
        id={id}
        checked={checked}
        onChange={onChange}
      />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
    </div>
  )
}

export default function LayoutSettings() {
  const s = useLayout()
  const theme: ColorThemeName = s.colorTheme || 'default'
  return (
    <div className="layout-settings">
      <Segmented
        label="Mode sombre"
        value={s.darkMode}
        onChange={(v) => layoutStore.darkMode(v)}
        choices={[
          { value: 'off', label: 'Clair', icon: 'bi bi-sun' },
          { value: 'on', label: 'Sombre', icon: 'bi bi-moon-stars' },
          { value: 'system', label: 'Système', icon: 'bi bi-circle-half' },
        ]}
      />

      <div className="settings-row">
        <div className="settings-label" id="settings-theme">
          Thème de couleur
        </div>
        <div className="theme-picker" role="radiogroup" aria-labelledby="settings-theme">
          {COLOR_THEMES.map((name) => (
            <button
              key={name}
              type="button"
              role="radio"
              aria-checked={theme === name}
              className={`theme-swatch theme-swatch-${name}${theme === name ? ' active' : ''}`}
              onClick={() => layoutStore.colorTheme(name)}
              title={THEME_LABELS[name]}
            >
              <span className="theme-swatch-color" aria-hidden="true" />
              <span className="theme-swatch-label">{THEME_LABELS[name]}</span>
            </button>
          ))}
        </div>
      </div>

      <div className="settings-row">
        <div className="settings-label">Menu latéral</div>
        <Switch
          id="settings-sidebar-mini"
          label="Mode réduit (icônes seules, grand écran)"
          checked={s.sidebarMini}
          onChange={() => layoutStore.sidebarMini('toggle')}
        />
        <Switch
          id="settings-sidebar-dark"
          label="Menu sombre"
          checked={s.sidebarDark}
          onChange={() => layoutStore.sidebarStyle('toggle')}
        />
      </div>
      <Segmented
        label="Position du menu"
        value={s.sidebarLeft ? 'left' : 'right'}
        onChange={(v) => layoutStore.sidebarPosition(v)}
        choices={[
          { value: 'left', label: 'Gauche', icon: 'bi bi-layout-sidebar' },
          { value: 'right', label: 'Droite', icon: 'bi bi-layout-sidebar-reverse' },
        ]}
      />

      <div className="settings-row">
        <div className="settings-label">En-tête</div>
        <Switch
          id="settings-header-fixed"
          label="En-tête fixe"
          checked={s.headerFixed}
          onChange={() => layoutStore.headerMode('toggle')}
        />
        <Switch
          id="settings-header-dark"
          label="En-tête sombre"
          checked={s.headerDark}
          onChange={() => layoutStore.headerStyle('toggle')}
        />
      </div>

      <Segmented
        label="Largeur du contenu"
        value={s.mainContent === '' ? 'full' : s.mainContent}
        onChange={(v) => layoutStore.mainContent(v)}
        choices={[
          { value: 'full', label: 'Pleine' },
          { value: 'boxed', label: 'Encadrée' },
          { value: 'narrow', label: 'Étroite' },
        ]}
      />
    </div>
  )
}
