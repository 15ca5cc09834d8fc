/*
 * The "Droit" and "Accès" switches of the side overlay (SPEC.md §4, §8; DESIGN.md §4).
 * Droit: one button per granted right. Accès: for staff (real role esi) only, to see the
 * application as a pro or an ordinary user.
 */
import { useState } from 'react'
import { router } from '@inertiajs/react'
import { http } from '~/lib/http'
import { toast } from '~/lib/toast'
import { useCurrentUser, userStore } from '~/lib/user_store'
import { ACCES_LABELS, applyToggle, type ToggleKind } from '~/lib/role_toggle'
import { ACCES_ROLES } from '@shared/roles'

interface SwitchGroupProps {
  title: string
  kind: ToggleKind
  choices: { value: string; label: string }[]
  current: string | null
  busy: boolean
  onChoose: (kind: ToggleKind, value: string) => void
}

function SwitchGroup({ title, kind, choices, current, busy, onChoose }: SwitchGroupProps) {
  return (
    <div className="mb-3">
      <div className="fs-sm fw-semibold text-uppercase text-muted mb-2" id={`role-switch-${kind}`}>
        {title}
      </div>
      <div className="d-flex flex-wrap gap-2" role="group" aria-labelledby={`role-switch-${kind}`}>
        {choices.map(({ value, label }) => {
          const active = current === value
          return (
            <button
              key={value}
              type="button"
              className={`btn btn-sm ${active ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={active}
              disabled={busy}
              onClick={() => onChoose(kind, value)}
            >
              {active && <i className="bi bi-check2 me-1" aria-hidden="true" />}
              {label}
            </button>
          )
        })}
      </div>
    </div>
  )
}

export default function RoleSwitches() {
  const user = useCurrentUser()
  const [busy, setBusy] = useState(false)
  if (!user) return null

  const droits = user.droits_accordes ?? []
  const isStaff = user.role === 'esi'
  if (droits.length === 0 && !isStaff) return null

  const choose = async (kind: ToggleKind, chosen: string) => {
    const current = kind === 'droit' ? user.droit : user.acces_role
    setBusy(true)
    const result = await applyToggle(kind, current, chosen, {
      put: http.put,
      toast,
      visit: (url) => router.visit(url),
    })
    setBusy(false)
    if (!result.ok) return
    // Only now does the local value change; the reload brings menus and rights in line
    userStore.patchUser(
      kind === 'droit'
        ? { droit: result.value }
        : {
            acces_role: result.value,
            effective_role: (result.value ?? user.role) as typeof user.role,
          }
    )
    router.reload()
  }

  return (
    <div className="role-switches">
      {droits.length > 0 && (
        <SwitchGroup
          title="Droit"
          kind="droit"
          choices={droits.map((value) => ({ value, label: value }))}
          current={user.droit}
          busy={busy}
          onChoose={choose}
        />
      )}
      {isStaff && (
        <SwitchGroup
          title="Accès"
          kind="acces"
          choices={ACCES_ROLES.map((value) => ({ value, label: ACCES_LABELS[value] ?? value }))}
          current={user.acces_role}
          busy={busy}
          onChoose={choose}
        />
      )}
    </div>
  )
}
