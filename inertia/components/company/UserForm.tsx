/*
 * The fields of a société's user (SPEC.md Company/UserForm): e-mail and name when inviting
 * (Usercreate), the société role in both Usercreate and Useredit.
 */
import { FieldGroup, TextInput } from '../form/index.js'
import { MEMBER_ROLES, MEMBER_ROLE_NAMES, type MemberRole } from '@shared/societes'

export type UserFormValues = { email: string; name: string; role: MemberRole }

const ROLE_HELP: Record<MemberRole, string> = {
  admin: 'Modifie la fiche de la société et gère ses utilisateurs.',
  membre: 'Voit la société et travaille avec ses données.',
}

export interface UserFormProps {
  data: Partial<UserFormValues>
  errors: Partial<Record<keyof UserFormValues, string>>
  set: (field: keyof UserFormValues, value: string) => void
  /** Usercreate asks who to invite; Useredit only changes the role. */
  withIdentity: boolean
  roleLocked?: string | null
}

export default function UserForm({ data, errors, set, withIdentity, roleLocked }: UserFormProps) {
  return (
    <>
      {withIdentity && (
        <>
          <TextInput
            name="email"
            type="email"
            label="E-mail"
            value={data.email ?? ''}
            onChange={(v) => set('email', v)}
            error={errors.email}
            help="Si cette adresse n’a pas encore de compte, il est créé et un lien pour choisir le mot de passe lui est envoyé (valable 72 heures)."
            maxLength={254}
            autoComplete="off"
            autoFocus
            required
          />
          <TextInput
            name="name"
            label="Nom et prénom"
            value={data.name ?? ''}
            onChange={(v) => set('name', v)}
            error={errors.name}
            help="Utilisé seulement pour un nouveau compte."
            maxLength={120}
            required
          />
        </>
      )}
      <FieldGroup id="role" label="Rôle dans la société" error={errors.role ?? roleLocked} required>
        {(control) => (
          <div
            {...control}
            role="radiogroup"
            className={`d-flex flex-column gap-2 ${control.className}`}
          >
            {MEMBER_ROLES.map((role) => (
              <div key={role} className="form-check">
                <input
                  id={`role-${role}`}
                  type="radio"
                  name="role"
                  className="form-check-input"
                  checked={data.role === role}
                  onChange={() => set('role', role)}
                />
                <label htmlFor={`role-${role}`} className="form-check-label">
                  <span className="fw-semibold">{MEMBER_ROLE_NAMES[role]}</span>
                  <span className="d-block small text-body-secondary">{ROLE_HELP[role]}</span>
                </label>
              </div>
            ))}
          </div>
        )}
      </FieldGroup>
    </>
  )
}
