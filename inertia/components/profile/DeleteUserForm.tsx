/*
 * Deleting one's account: the password again in a dialog (and a password confirmed in the last
 * 3 hours, asked by the server first). The documents written stay, shown as by « Utilisateur
 * supprimé ». The last admin of a société must hand over first.
 */
import { useState } from 'react'
import { useForm } from '@inertiajs/react'
import PasswordDialog from './PasswordDialog.js'
import { route } from '~/lib/route'

export type DeleteUserFormProps = {
  /** Sociétés of which the user is the only admin while other members remain. */
  blockedBy: string[]
}

export default function DeleteUserForm({ blockedBy }: DeleteUserFormProps) {
  const [open, setOpen] = useState(false)
  const form = useForm({ password: '' })
  function close() {
    setOpen(false)
    form.clearErrors()
    form.reset()
  }

  function confirm() {
    form.delete(route('app.profile.destroy'), {
      preserveScroll: true,
      onFinish: () => form.reset('password'),
    })
  }

  return (
    <div>
      <p>
        La suppression est définitive : votre accès, vos sessions, vos notifications et vos versions
        personnelles des textes disparaissent. Les documents que vous avez rédigés restent, avec «
        Utilisateur supprimé » comme auteur.
      </p>
      {blockedBy.length > 0 && (
        <div className="alert alert-warning" role="status">
          <i className="bi bi-people me-2" aria-hidden="true" />
          Vous êtes le seul administrateur de{' '}
          {blockedBy.map((nom, i) => (
            <span key={nom}>
              {i > 0 && ', '}« {nom} »
            </span>
          ))}
          . Nommez d’abord un autre administrateur parmi ses membres.
        </div>
      )}
      <button
        type="button"
        className="btn btn-danger"
        disabled={blockedBy.length > 0}
        onClick={() => setOpen(true)}
      >
        <i className="bi bi-person-x me-2" aria-hidden="true" />
        Supprimer mon compte
      </button>
      {open && (
        <PasswordDialog
          title="Supprimer votre compte ?"
          value={form.data.password}
          onChange={(v) => form.setData('password', v)}
          error={form.errors.password}
          processing={form.processing}
          confirmLabel="Supprimer définitivement"
          onConfirm={confirm}
          onClose={close}
        >
          <p>Saisissez votre mot de passe pour confirmer. Cette action ne peut pas être annulée.</p>
        </PasswordDialog>
      )}
    </div>
  )
}
