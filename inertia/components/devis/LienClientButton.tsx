/*
 * « Copier le lien client »: the signed link of a sent devis (issue 14 §1), the one the e-mail
 * carries, for staff to paste in a message of their own. Where the clipboard is refused (an
 * insecure context), the link is shown to be copied by hand.
 */
import { toast } from '../../lib/toast.js'

export default function LienClientButton({ url }: { url: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      await toast('success', 'Lien du client copié : il ouvre ce devis pour l’accepter en ligne.')
    } catch {
      window.prompt('Copiez le lien du client :', url)
    }
  }
  return (
    <button
      type="button"
      className="btn btn-alt-secondary"
      onClick={copy}
      data-testid="lien-client"
      title="Le lien que le client reçoit par e-mail pour accepter ce devis en ligne"
    >
      <i className="bi bi-link-45deg me-1" aria-hidden="true" />
      Copier le lien client
    </button>
  )
}
